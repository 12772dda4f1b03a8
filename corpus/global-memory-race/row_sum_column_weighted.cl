// The row's sum stored by every work-item of the row, but each weights it
// by its own column first: the work-items of a row store different values
// into one element, and which one lands depends on the schedule.
//
// As in ok_row_sum_every_column.cl, row ty of group row by stages its row
// in As and every work-item adds it up, but the sum is scaled by
// (tx + 1) before the store: work-items (0, r) and (1, r) store sum and
// 2 * sum into C[by * 8 + r]. The column's weight reaches the value
// through the data; the fixed twin row_sum_column_weighted_fixed.cl lets
// only column 0 store.
// RUN-CONFIG: --local-size=8,8 --global-size=16,16
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
    C[by * B + ty] = acc; // #store
}
// expected-error@#store {{global-memory race on C}}
