// A 2D tiled matrix multiply missing the second barrier of each tile step:
// a loop-carried race.
//
// Each 16x16 work-group computes a 16x16 block of C = A * B, walking along
// the shared dimension one tile at a time: load a tile of A and a tile of
// B, a barrier, multiply-accumulate from the tiles. The barrier that must
// end each step is missing, so a fast work-item loads the next tile into
// As[ty][tx] and Bs[ty][tx] while slower work-items of its group are still
// reading the current tile (As[ty][k] and Bs[k][tx]). Each tile is reported
// once, at its store at the top of the next iteration, which executes
// after the reads on the back edge. Fixed in
// tiled_matmul_loop_carried_fixed.cl.
// RUN-CONFIG: --local-size=16,16
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
        As[ty][tx] = A[row * n + t * TS + tx]; // expected-error {{local-memory race on As}}
        Bs[ty][tx] = B[(t * TS + ty) * n + col]; // expected-error {{local-memory race on Bs}}
        barrier(CLK_LOCAL_MEM_FENCE);

        for (int k = 0; k < TS; k++)
            acc += As[ty][k] * Bs[k][tx];
    }
    C[row * n + col] = acc;
}
