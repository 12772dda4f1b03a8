/* C = alpha * A * B + beta * C for n x n matrices, in the shape a
 * polyhedral compiler emits: 32x32 tiles per work-group of 32x16, the tile
 * loops stepping over a fixed grid of 256x256 groups, A and B staged in
 * __local memory, floord/min bounds.  Written here for the benchmark.
 *
 * No race: CTest verifies the file (bench/polyhedral/gemm.cl).  The tiles
 * are indexed [t0][c4] with t0 the fastest local id, a stride of 32 words
 * between neighbouring work-items: real bank conflicts, as emitted (32-way
 * with the launch's 32x16 work-items, 16-way at the size assumed without).
 * expected-warning@#sa {{bank conflict on shared_A[t0][c4]: work-item (0,0) and work-item (1,0)}}
 * expected-warning@#sb {{bank conflict on shared_B[t0][c4]: work-item (0,0) and work-item (1,0)}}
 * expected-warning@#ra {{bank conflict on shared_A[t0][c4]: work-item (0,0) and work-item (1,0)}} */
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))
#define ppcg_max(x, y) ((x) > (y) ? (x) : (y))

__kernel void kernel0(__global float *A, __global float *B, __global float *C, float alpha,
                      float beta, int n)
{
    int b0 = get_group_id(0), b1 = get_group_id(1);
    int t0 = get_local_id(0), t1 = get_local_id(1);
    __local float shared_A[32][32];
    __local float shared_B[32][32];
    float private_C[1][2];

    for (int c0 = 32 * b0; c0 < n; c0 += 8192)
        for (int c1 = 32 * b1; c1 < n; c1 += 8192) {
            if (n >= t0 + c0 + 1)
                for (int c3 = t1; c3 <= ppcg_min(31, n - c1 - 1); c3 += 16)
                    private_C[0][(-t1 + c3) / 16] = beta * C[(t0 + c0) * n + (c1 + c3)];
            for (int c2 = 0; c2 <= n - 1; c2 += 32) {
                if (n >= t0 + c0 + 1)
                    for (int c4 = t1; c4 <= ppcg_min(31, n - c2 - 1); c4 += 16)
                        shared_A[t0][c4] = A[(t0 + c0) * n + (c2 + c4)]; // #sa
                if (n >= t0 + c2 + 1)
                    for (int c4 = t1; c4 <= ppcg_min(31, n - c1 - 1); c4 += 16)
                        shared_B[t0][c4] = B[(t0 + c2) * n + (c1 + c4)]; // #sb
                barrier(CLK_LOCAL_MEM_FENCE);
                if (n >= t0 + c0 + 1)
                    for (int c3 = t1; c3 <= ppcg_min(31, n - c1 - 1); c3 += 16)
                        for (int c4 = 0; c4 <= ppcg_min(31, n - c2 - 1); c4 += 1)
                            private_C[0][(-t1 + c3) / 16] +=
                                alpha * shared_A[t0][c4] * shared_B[c4][c3]; // #ra
                barrier(CLK_LOCAL_MEM_FENCE);
            }
            if (n >= t0 + c0 + 1)
                for (int c3 = t1; c3 <= ppcg_min(31, n - c1 - 1); c3 += 16)
                    C[(t0 + c0) * n + (c1 + c3)] = private_C[0][(-t1 + c3) / 16];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
}
