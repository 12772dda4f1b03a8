// The fixed twin of tiled_matmul_loop_carried.cl: a 2D tiled matrix
// multiply with two barriers per tile step. The first orders the tile
// stores before the reads; the second orders this step's reads before the
// next step's stores. The trip count n / TS is the same for every
// work-item, so both barriers are reached by the whole group.
// RUN-CONFIG: --local-size=16,16
// expected-no-diagnostics
#define TS 16

// The host launches one work-item per element: the matrix is at least as wide as the launch.
// clsynclint: assume n >= get_global_size(0) && n >= get_global_size(1)
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void matmul(__global const float *A, __global const float *B, __global float *C, int n)
{
    __local float As[TS][TS];
    __local float Bs[TS][TS];
    int tx = get_local_id(0), ty = get_local_id(1);
    int col = get_global_id(0), row = get_global_id(1);

    float acc = 0.0f;
    for (int t = 0; t < n / TS; t++) {
        As[ty][tx] = A[row * n + t * TS + tx];
        Bs[ty][tx] = B[(t * TS + ty) * n + col];
        barrier(CLK_LOCAL_MEM_FENCE);

        for (int k = 0; k < TS; k++)
            acc += As[ty][k] * Bs[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * n + col] = acc;
}
