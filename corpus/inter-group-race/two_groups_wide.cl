// Column sums of 16x16 blocks of a wider matrix, stored without the block's
// column: groups side by side along x overwrite each other's sums.
//
// Each 16x16 work-group (bx, by) sums its block column by column. The matrix
// has several blocks per row, so the kernel uses get_group_id(0) to find its
// columns, but it stores the sums at sums[by * 16 + tx], forgetting bx:
// groups (0, by) and (1, by) both write sums[by * 16 .. by * 16 + 15], and
// which values survive depends on the order the groups run in.
// Without a launch configuration clsynclint assumes two groups along each
// dimension whose group the kernel asks for, and says so in a note.
// Fixed in two_groups_wide_fixed.cl.
// RUN-CONFIG: --local-size=16,16
__kernel void block_column_sums(__global const float *m, __global float *sums,
                                __local float *tile, int ncols)
{
    int tx = get_local_id(0), ty = get_local_id(1);
    int bx = get_group_id(0), by = get_group_id(1);
    tile[ty * 16 + tx] = m[(by * 16 + ty) * ncols + bx * 16 + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 8; s > 0; s >>= 1) {
        if (ty < s)
            tile[ty * 16 + tx] += tile[(ty + s) * 16 + tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    // expected-error@+4 {{inter-group race on sums}}
    // expected-note@+3 {{assuming 2x2 work-groups}}
    // expected-note@+2 {{give each work-group its own elements}}
    if (ty == 0)
        sums[by * 16 + tx] = tile[tx];
}
