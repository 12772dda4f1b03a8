// soa_missing_guard.cl with its bounds guard: only work-items of existing
// points copy, and the rows of dst (npoints elements each) never overlap.
// clsynclint proves it for every value of npoints and nf.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void to_feature_major(__global const float *src, __global float *dst,
                               int npoints, int nf)
{
    int gid = get_global_id(0);
    if (gid < npoints)
        for (int i = 0; i < nf; i++)
            dst[i * npoints + gid] = src[gid * nf + i];
}
