// The transpose of transpose_32x8.cl with bounds guards around its
// accesses, so the tile's extents bound nothing (a guarded access may not
// run): the strides alone (j += 8 rows) cut the 16 x 16 default to
// 16 x 8, and the shape widens to 32 x 8 within them, where the padded
// tile has no conflict.
__kernel void transpose(__global const float *in, __global float *out, int w, int h)
{
    __local float tile[32][33];
    int tx = get_local_id(0), ty = get_local_id(1);
    int x = get_group_id(0) * 32 + tx, y = get_group_id(1) * 32 + ty;
    for (int j = 0; j < 32; j += 8)
        if (x < w && y + j < h)
            tile[ty + j][tx] = in[(y + j) * w + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    int x2 = get_group_id(1) * 32 + tx, y2 = get_group_id(0) * 32 + ty;
    for (int j = 0; j < 32; j += 8)
        if (x2 < h && y2 + j < w)
            out[(y2 + j) * h + x2] = tile[tx][ty + j];
}
