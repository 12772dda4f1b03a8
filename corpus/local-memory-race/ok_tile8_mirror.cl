// Mirrors each 8x8 block of an image left to right through a __local tile:
// every work-item stores its pixel, and after the barrier reads the pixel
// at the mirrored column of its row.  The host launches 8x8 work-groups;
// the kernel declares no size, but its tile says so: t[ly][7 - lx] and
// t[ly][lx] stay inside `float t[8][8]` only for lx, ly < 8.  Without that,
// clsynclint would analyze its default 16x16 group, where work-item (8,0)
// stores into t[1][0] (the row after t[0]) like work-item (0,1): a
// collision that the real launch never has.  It assumes the largest
// work-group whose accesses stay in bounds (8x8) and says so in notes.
// expected-no-diagnostics
// The host launches one work-item per pixel: rows are at least as wide as the launch.
// clsynclint: assume width >= get_global_size(0)
__kernel void mirror8(__global const float *in, __global float *out, int width)
{
    __local float t[8][8];
    int lx = get_local_id(0), ly = get_local_id(1);
    int gx = get_global_id(0), gy = get_global_id(1);

    t[ly][lx] = in[gy * width + gx];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gy * width + gx] = t[ly][7 - lx];
}
