// Clamping instead of guarding: the launch is rounded up to whole work-
// groups, and rather than skip the work-items past the end, the kernel
// clamps their index to the last element, n - 1. For the scaled value that
// is harmless: every clamped work-item loads in[n - 1] and stores the same
// 0.5 * in[n - 1] (a benign race, reported with --report-benign). But
// `owner` records which work-item handled the element, and each clamped
// work-item stores its own id there: owner[n - 1] ends up with whichever
// wrote last, not n - 1. Fixed in clamped_tail_owner_fixed.cl with a
// guard.
// RUN-CONFIG: --local-size=64
__kernel void label_owner(__global const float *in, __global float *val, __global int *owner,
                          int n)
{
    int gid = get_global_id(0);
    int x = min(gid, n - 1);
    val[x] = 0.5f * in[x];
    owner[x] = gid; // expected-error {{global-memory race on owner}}
}
