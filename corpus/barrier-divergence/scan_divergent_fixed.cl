// Fixed twin of scan_divergent.cl.
//
// Every work-item scans its keep flag, so the collective is reached by the
// whole group; the inclusive scan minus the own flag is the slot, and the
// last work-item's inclusive value, broadcast to the group, is the count.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void compact_positive(__global const float *in, __global float *out,
                               __global int *counts)
{
    int gid = get_global_id(0);
    int lsz = get_local_size(0);
    int base = get_group_id(0) * lsz;
    float x = in[gid];
    int keep = x > 0.0f;

    int upto = work_group_scan_inclusive_add(keep);
    if (keep)
        out[base + upto - keep] = x;
    int kept = work_group_broadcast(upto, (size_t)(lsz - 1));
    if (get_local_id(0) == 0)
        counts[get_group_id(0)] = kept;
}
