// The fixed twin of halo_radius_in_place.cl: the halo comes from a copy of
// the image that no work-group writes.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void box(__global float *img, __global const float *copy, int n, int r)
{
    __local float tile[64 + 2 * 8];
    int l = get_local_id(0);
    int g = get_global_id(0);
    int start = get_group_id(0) * 64;
    for (int i = l; i < 64 + 2 * r; i += 64) {
        int src = start + i - r;
        if (src >= 0 && src < n)
            tile[i] = copy[src];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (g >= r && g < n - r) {
        float s = 0.0f;
        for (int k = 0; k <= 2 * r; k++)
            s += tile[l + k];
        img[g] = s / (2 * r + 1);
    }
}
