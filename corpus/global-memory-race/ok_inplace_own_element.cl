// In-place updates where every work-item reads and writes only its own
// __global element: correct, no barrier needed, quiet.
//
// The kernel clamps, rescales and then squares each sample in place, reading
// back what it has just stored. A work-item always sees its own stores in
// program order, and no two work-items (of this group or any other) ever
// touch the same element, so there is nothing to synchronize.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void condition_samples(__global float *a, float lo, float hi)
{
    int gid = get_global_id(0);

    a[gid] = clamp(a[gid], lo, hi);
    a[gid] = (a[gid] - lo) / (hi - lo);
    a[gid] = a[gid] * a[gid];
}
