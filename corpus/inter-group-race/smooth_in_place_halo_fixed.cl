// The fixed twin of smooth_in_place_halo.cl: the halo comes from a copy of
// the image that no work-group writes, so overwriting img in place races
// with nothing.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void smooth(__global float *img, __global const float *copy, int n)
{
    __local float tile[66];
    int l = get_local_id(0);
    int g = get_global_id(0);
    int start = get_group_id(0) * 64;
    for (int i = l; i < 66; i += 64) {
        int src = start + i - 1;
        if (src >= 0 && src < n)
            tile[i] = copy[src];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (g >= 1 && g < n - 1)
        img[g] = (tile[l] + tile[l + 1] + tile[l + 2]) / 3.0f;
}
