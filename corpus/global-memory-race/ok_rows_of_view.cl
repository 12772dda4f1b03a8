// Copy a packed array into the rows of a padded matrix: element gid goes to
// row gid / width, column gid % width, rows 'pitch' elements apart.
//
// Two work-items meet only if the rows overlap, pitch < width: a caller's
// mistake that the kernel's contract rules out (pitch is a padded width).
// The race needs two arguments to disagree, a coincidence of arguments:
// quiet by default, a warning with its condition under --report-conditional.
// expected-no-diagnostics
__kernel void unpack_rows(__global const float *src, __global float *dst, uint width,
                          uint pitch, uint count)
{
    size_t gid = get_global_id(0);
    size_t row = gid / width, col = gid % width;
    if (gid < count)
        dst[pitch * row + col] = src[gid];
}
