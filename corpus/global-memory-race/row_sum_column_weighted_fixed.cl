// row_sum_column_weighted.cl, fixed: column 0 alone stores its weighted
// sum (weight 1), so each element has one writer in the group. Groups
// (0, by) and (1, by) still both store it, with one value: column 0's
// weight is the same in both.
// RUN-CONFIG: --local-size=8,8 --global-size=16,16
// expected-no-diagnostics
#define B 8
__kernel void row_sums(__global float *C, __global const float *A, int w)
{
    __local float As[B][B];
    int tx = get_local_id(0), ty = get_local_id(1), by = get_group_id(1);
    float acc = 0.0f;
    for (int a = 0; a < w; a += B) {
        As[ty][tx] = A[(by * B + ty) * w + a + tx];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < B; k++)
            acc += As[ty][k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    acc *= (float)(tx + 1);
    if (tx == 0)
        C[by * B + ty] = acc;
}
