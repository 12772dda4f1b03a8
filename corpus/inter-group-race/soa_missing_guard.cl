// A point-major to feature-major copy without its bounds guard: the
// classic missing `if (gid < npoints)`.
//
// Work-item gid copies the nf features of point gid from src (point-major:
// src[gid * nf + i]) into dst (feature-major: dst[i * npoints + gid]). The
// host launches npoints work-items rounded up to a multiple of the
// work-group size: with npoints = 200 and groups of 64, 256 work-items.
// Work-item 200 (group 3) then stores feature 0 of a point that does not
// exist into dst[200], which is dst[1 * npoints + 0], where work-item 0
// (group 0) stores feature 1 of point 0. Whether the race happens depends on
// an argument nobody wrote into the kernel, so clsynclint says when: it is a
// race exactly when npoints < get_global_size(0), the case a rounded launch
// makes. Fixed in soa_missing_guard_fixed.cl, which clsynclint proves
// race-free for every npoints.
// RUN-CONFIG: --local-size=64
__kernel void to_feature_major(__global const float *src, __global float *dst,
                               int npoints, int nf)
{
    int gid = get_global_id(0);
    for (int i = 0; i < nf; i++)
        dst[i * npoints + gid] = src[gid * nf + i]; // expected-error {{when 'npoints' < get_global_size(0)}}
}
