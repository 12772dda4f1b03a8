/* C = alpha * A * B^T + alpha * B * A^T + beta * C on the lower triangle
 * (j <= i), in the shape a polyhedral compiler emits: a triangular
 * iteration domain with max/min/floord bounds, 2-D groups of 16x16 over a
 * fixed grid of 64x64 groups.  Written here for the benchmark.
 *
 * Correct code: CTest verifies it stays quiet (bench/polyhedral/syr2k.cl).
 * expected-no-diagnostics */
#define floord(n, d) (((n) < 0) ? -((-(n) + (d) - 1) / (d)) : (n) / (d))
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))
#define ppcg_max(x, y) ((x) > (y) ? (x) : (y))

__kernel void kernel0(__global const float *A, __global const float *B, __global float *C,
                      float alpha, float beta, int n, int m)
{
    int b0 = get_group_id(0), b1 = get_group_id(1);
    int t0 = get_local_id(0), t1 = get_local_id(1);
    float acc;

    for (int c0 = 16 * b0; c0 < n; c0 += 1024)
        for (int c1 = 16 * b1; c1 <= ppcg_min(n - 1, c0 + 15); c1 += 1024)
            if (n >= t0 + c0 + 1 && t0 + c0 >= t1 + c1 && n >= t1 + c1 + 1) {
                acc = beta * C[(t0 + c0) * n + (t1 + c1)];
                for (int c2 = 0; c2 <= floord(m - 1, 1); c2 += 1)
                    acc += alpha * A[(t1 + c1) * m + c2] * B[(t0 + c0) * m + c2] +
                           alpha * B[(t1 + c1) * m + c2] * A[(t0 + c0) * m + c2];
                C[(t0 + c0) * n + (t1 + c1)] = acc;
            }
}
