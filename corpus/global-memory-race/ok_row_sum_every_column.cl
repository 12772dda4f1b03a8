// Every work-item of a row computes the row's sum and stores it: a
// redundant store, but one value per element.
//
// A 2-D launch of 8x8 groups; row ty of group row by stages a slice of
// its matrix row in As, and each of the 8 work-items of the row then adds
// up the whole staged row (As[ty][k], k = 0..7), so all of them hold the
// same sum and all of them store it into C[by * 8 + ty]. Work-items (0, r)
// and (1, r) write one element, and groups (0, by) and (1, by) too, with
// one value: the sum depends on ty and by only (a load on its address,
// the loop on w and constants). Not a race a user must fix; compare
// row_sum_column_weighted.cl, where the value depends on the column.
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
    C[by * B + ty] = acc;
}
