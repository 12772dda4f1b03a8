// col_reduce_fixed.cl - col_reduce.cl with the block kept in its natural
// layout, tile[row][column], and the tree run across rows: work-item
// (lx, ly) adds tile[ly + s][lx] into tile[ly][lx].  A 32-wide sub-group
// (lx = 0..7, ly = 0..3) now touches 32 consecutive words, one per bank, and
// the row-0 read of the sums is 8 consecutive words.  Same results as
// col_reduce.cl; no padding needed, only a different mapping.
//
// Expected: no conflict on any profile.
// expected-no-diagnostics
// generic-no-diagnostics
// nvidia-no-diagnostics
// amd-no-diagnostics
// intel-no-diagnostics

// The host launches one work-item per element: the matrix is at least as wide as the launch.
// clsynclint: assume n >= get_global_size(0) && n >= get_global_size(1)
__kernel __attribute__((reqd_work_group_size(8, 32, 1)))
void column_sums(__global const float *in, __global float *sums, int n)
{
    __local float tile[32][8];
    int lx = get_local_id(0), ly = get_local_id(1);
    int col = get_group_id(0) * 8 + lx;
    int row = get_group_id(1) * 32 + ly;

    tile[ly][lx] = in[row * n + col];
    for (int s = 16; s > 0; s /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (ly < s)
            tile[ly][lx] = tile[ly][lx] + tile[ly + s][lx];
    }
    if (ly == 0)
        sums[get_group_id(1) * n + col] = tile[0][lx];
}
