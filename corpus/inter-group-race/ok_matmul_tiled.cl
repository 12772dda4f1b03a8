// A matrix multiply C = A * B with TILE x TILE tiles in __local memory and
// both barriers per tile step: correct, quiet.
//
// Work-item (col, row) of the 2D NDRange computes C[row * N + col]; row and
// col come from get_global_id, so each element of C has one writer, in one
// work-group. The tiles are shared only inside a group: one barrier after
// loading them (before anyone reads), one after the inner product (before
// the next step overwrites them). A and B are only read.
// Assumes N is a multiple of TILE.
// RUN-CONFIG: --local-size=8,8 --num-groups=4,4 -D TILE=8
// expected-no-diagnostics
#ifndef TILE
#define TILE 8
#endif

// The host launches one work-item per element: the matrix is at least as wide as the launch.
// clsynclint: assume N >= get_global_size(0) && N >= get_global_size(1)
__kernel void matmul_tiled(__global const float *A, __global const float *B,
                           __global float *C, int N)
{
    __local float As[TILE][TILE];
    __local float Bs[TILE][TILE];

    int tx = get_local_id(0);
    int ty = get_local_id(1);
    int col = get_global_id(0);
    int row = get_global_id(1);

    float acc = 0.0f;
    for (int t = 0; t < N; t += TILE) {
        As[ty][tx] = A[row * N + t + tx];
        Bs[ty][tx] = B[(t + ty) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);

        for (int k = 0; k < TILE; k++)
            acc += As[ty][k] * Bs[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = acc;
}
