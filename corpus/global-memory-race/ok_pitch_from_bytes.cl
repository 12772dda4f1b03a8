// Image rows padded to a pitch the host gives in bytes, as image libraries
// pass it: the kernel turns it into elements (dst_step / 4, src_step >> 2)
// and writes one pixel per work-item. Rows of dst_step / 4 elements do not
// overlap the columns added to them, exactly as for a pitch given in
// elements; a race would need a pitch shorter than a row (or none at all),
// which no launch of this kernel uses. Must stay quiet.
// expected-no-diagnostics
__kernel void scale_rows(__global const float *src, int src_step, __global float *dst,
                         int dst_step, int cols, int rows, float s)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x < cols && y < rows)
        dst[y * (dst_step / 4) + x] = s * src[y * (src_step >> 2) + x];
}
