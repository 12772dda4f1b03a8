// grid_stride_constant_overlap.cl, fixed for any grid: work-items past the
// COLS columns have no column and return (their totals stay 0).
// RUN-CONFIG: --local-size=256 --global-size=2048
// expected-no-diagnostics
#define COLS 1024
__kernel void column_prefix(__global uint *table, __global uint *totals, int rows)
{
    int t = get_global_id(0);
    if (t >= COLS)
        return;
    uint sum = 0;
    for (int i = t; i < rows * COLS; i += COLS) {
        uint x = table[i];
        table[i] = sum;
        sum += x;
    }
    totals[t] = sum;
}
