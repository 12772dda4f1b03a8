// ok_grid_stride_constant.cl launched on twice the grid its stride
// implies: work-items t and t + 1024 both walk column t. Work-item 1024,
// in group 4, reads and rewrites table[1024] while work-item 0, in group
// 0, does the same, and no barrier orders two groups. Fixed by the launch
// the stride implies (ok_grid_stride_constant.cl), or for any grid by
// returning past the columns (grid_stride_constant_overlap_fixed.cl).
// RUN-CONFIG: --local-size=256 --global-size=2048
#define COLS 1024
__kernel void column_prefix(__global uint *table, __global uint *totals, int rows)
{
    int t = get_global_id(0);
    uint sum = 0;
    for (int i = t; i < rows * COLS; i += COLS) {
        uint x = table[i];
        table[i] = sum; // #cell
        sum += x;
    }
    totals[t] = sum;
}
// expected-error@#cell {{inter-group race on table}}
