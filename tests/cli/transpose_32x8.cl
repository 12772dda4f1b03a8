// A transpose through a 32 x 33 tile, written for work-groups of 32 x 8
// (each work-item moves four rows, 8 apart) and padded by one word per
// row. Nothing states the launch: the tile's extents allow 32 x 8, and
// at that size no sub-group hits a bank twice. At 16 x 16 cut to 16 x 8
// (the 2-D default bounded by the tile), rows 0 and 1 of a sub-group
// would share banks, a conflict of a launch nobody makes.
__kernel void transpose(__global const float *in, __global float *out, int n)
{
    __local float tile[32][33];
    int x = get_local_id(0), y = get_local_id(1);
    int bx = get_group_id(0) * 32, by = get_group_id(1) * 32;
    for (int j = 0; j < 32; j += 8)
        tile[y + j][x] = in[(by + y + j) * n + bx + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < 32; j += 8)
        out[(bx + y + j) * n + by + x] = tile[x][y + j];
}
