// The fixed twin of two_groups_wide.cl: each block's sums go to their own
// place, sums[(by * nbx + bx) * 16 + tx] with nbx = get_num_groups(0).
// RUN-CONFIG: --local-size=16,16
// expected-no-diagnostics
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
    if (ty == 0)
        sums[(by * get_num_groups(0) + bx) * 16 + tx] = tile[tx];
}
