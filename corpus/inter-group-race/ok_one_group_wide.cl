// Column sums of row blocks, launched one work-group wide: quiet without a
// launch configuration.
//
// A 16x16 work-group sums a 16-row block of a 16-column matrix, column by
// column, and stores the 16 sums of block `by` at sums[by * 16 + tx]. The
// host launches global (16, 16 * blocks) with local (16, 16): one work-group
// along x. The kernel never asks for its group along x (no get_group_id(0),
// no get_global_id(0)), so two groups that differed only along x would write
// the same sums: a kernel written this way runs one group wide there, and
// clsynclint assumes one group along such a dimension unless --num-groups or
// --global-size says otherwise (compare two_groups_wide.cl, which asks).
// RUN-CONFIG: --local-size=16,16
// expected-no-diagnostics
__kernel void block_column_sums(__global const float *m, __global float *sums,
                                __local float *tile)
{
    int tx = get_local_id(0), ty = get_local_id(1);
    int by = get_group_id(1);
    tile[ty * 16 + tx] = m[(by * 16 + ty) * 16 + tx];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = 8; s > 0; s >>= 1) {
        if (ty < s)
            tile[ty * 16 + tx] += tile[(ty + s) * 16 + tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (ty == 0)
        sums[by * 16 + tx] = tile[tx];
}
