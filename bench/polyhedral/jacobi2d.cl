/* One Jacobi step on an n x n grid (interior points), tiled the way a
 * polyhedral compiler emits it: 32x32 tiles, work-groups of 32x16, a fixed
 * grid of 128x128 groups, max/min bounds on the tile loops.  Written here
 * for the benchmark.
 *
 * Correct code: CTest verifies it stays quiet (bench/polyhedral/jacobi2d.cl).
 * expected-no-diagnostics */
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))
#define ppcg_max(x, y) ((x) > (y) ? (x) : (y))

__kernel void kernel0(__global const float *A, __global float *B, int n)
{
    int b0 = get_group_id(0), b1 = get_group_id(1);
    int t0 = get_local_id(0), t1 = get_local_id(1);

    for (int c0 = 32 * b0; c0 <= n - 3; c0 += 4096)
        for (int c1 = 32 * b1; c1 <= n - 3; c1 += 4096)
            if (n >= t0 + c0 + 3)
                for (int c3 = t1; c3 <= ppcg_min(31, n - c1 - 3); c3 += 16)
                    B[(t0 + c0 + 1) * n + (c1 + c3 + 1)] =
                        0.2f * (A[(t0 + c0 + 1) * n + (c1 + c3 + 1)] +
                                A[(t0 + c0 + 1) * n + (c1 + c3)] +
                                A[(t0 + c0 + 1) * n + (c1 + c3 + 2)] +
                                A[(t0 + c0 + 2) * n + (c1 + c3 + 1)] +
                                A[(t0 + c0) * n + (c1 + c3 + 1)]);
}
