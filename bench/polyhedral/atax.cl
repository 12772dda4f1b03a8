/* tmp = A * x, then y = A^T * tmp, as the two kernels a polyhedral
 * compiler emits for it: 1-D groups of 32 over a fixed grid of 32768
 * groups, x staged in __local memory tile by tile.  Written here for the
 * benchmark.
 *
 * Correct code: CTest verifies it stays quiet (bench/polyhedral/atax.cl).
 * expected-no-diagnostics */
#define ppcg_min(x, y) ((x) < (y) ? (x) : (y))

__kernel void kernel0(__global const float *A, __global const float *x, __global float *tmp,
                      int m, int n)
{
    int b0 = get_group_id(0), t0 = get_local_id(0);
    __local float shared_x[32];
    float private_tmp[1];

    for (int c0 = 32 * b0; c0 < m; c0 += 1048576) {
        if (m >= t0 + c0 + 1)
            private_tmp[0] = 0.0f;
        for (int c1 = 0; c1 < n; c1 += 32) {
            if (n >= t0 + c1 + 1)
                shared_x[t0] = x[t0 + c1];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (m >= t0 + c0 + 1)
                for (int c3 = 0; c3 <= ppcg_min(31, n - c1 - 1); c3 += 1)
                    private_tmp[0] += A[(t0 + c0) * n + (c1 + c3)] * shared_x[c3];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (m >= t0 + c0 + 1)
            tmp[t0 + c0] = private_tmp[0];
    }
}

__kernel void kernel1(__global const float *A, __global const float *tmp, __global float *y,
                      int m, int n)
{
    int b0 = get_group_id(0), t0 = get_local_id(0);
    __local float shared_tmp[32];
    float private_y[1];

    for (int c0 = 32 * b0; c0 < n; c0 += 1048576) {
        if (n >= t0 + c0 + 1)
            private_y[0] = 0.0f;
        for (int c1 = 0; c1 < m; c1 += 32) {
            if (m >= t0 + c1 + 1)
                shared_tmp[t0] = tmp[t0 + c1];
            barrier(CLK_LOCAL_MEM_FENCE);
            if (n >= t0 + c0 + 1)
                for (int c3 = 0; c3 <= ppcg_min(31, m - c1 - 1); c3 += 1)
                    private_y[0] += A[(c1 + c3) * n + (t0 + c0)] * shared_tmp[c3];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (n >= t0 + c0 + 1)
            y[t0 + c0] = private_y[0];
    }
}
