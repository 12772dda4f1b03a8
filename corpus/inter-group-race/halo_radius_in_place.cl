// In-place box filter with a halo of radius r, an argument: each group
// copies its block plus r elements on either side, then overwrites its
// block. Neighbouring groups read each other's boundary into their halo
// while it is overwritten: an inter-group race for any r >= 1 (and within
// a group, the barrier fences only __local memory). It was missed: r was
// taken for a size that spans the launch (r >= get_global_size(0)), the way
// n is in `if (gid < n)`, and the race it excludes looked like a
// coincidence. A radius is subtracted from indices and bounds ids from
// below (g >= r); only an upper bound of an id, or an index term, is such a
// size. Fixed in halo_radius_in_place_fixed.cl by reading a copy.
// RUN-CONFIG: --local-size=64
__kernel void box(__global float *img, __global const float *copy, int n, int r)
{
    __local float tile[64 + 2 * 8];
    int l = get_local_id(0);
    int g = get_global_id(0);
    int start = get_group_id(0) * 64;
    for (int i = l; i < 64 + 2 * r; i += 64) {
        int src = start + i - r;
        if (src >= 0 && src < n)
            tile[i] = img[src];
    }
    barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier does not order __global memory}}
    if (g >= r && g < n - r) {
        float s = 0.0f;
        for (int k = 0; k <= 2 * r; k++)
            s += tile[l + k];
        img[g] = s / (2 * r + 1); // expected-error {{inter-group race on img}}
    }
}
