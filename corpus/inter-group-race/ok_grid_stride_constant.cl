// A grid-stride loop whose stride the kernel hard-codes: the grid the
// author meant has at most that many work-items.
//
// Work-item t turns column t of a table of COLS columns into its running
// sum, visiting t, t + COLS, t + 2 * COLS, ... and writes the column's
// total. The columns partition the table only while the grid has at most
// COLS work-items; with more, work-item COLS would take column 0 again.
// No launch is given here, so clsynclint assumes the grid the stride
// implies (4 groups of 256) instead of one that contradicts it, and the
// kernel is clean. Given a larger grid, the race is real and reported:
// grid_stride_constant_overlap.cl.
// RUN-CONFIG: --local-size=256
// expected-no-diagnostics
#define COLS 1024
__kernel void column_prefix(__global uint *table, __global uint *totals, int rows)
{
    int t = get_global_id(0);
    uint sum = 0;
    for (int i = t; i < rows * COLS; i += COLS) {
        uint x = table[i];
        table[i] = sum;
        sum += x;
    }
    totals[t] = sum;
}
