// `work_group_scan_exclusive_add` called only by the work-items that keep
// their element.
//
// Stream compaction per work-group: the positive samples of each group are
// packed at the start of the group's output slice. The author computes each
// kept element's slot with an exclusive scan of 1 inside `if (x > 0.0f)`,
// "counting only the kept ones". A scan is a work-group function that every
// work-item must reach; called by some only, it is undefined (a hang on many
// devices). Fixed in scan_divergent_fixed.cl: everyone scans its keep flag
// (0 or 1), and the count comes from a broadcast of the inclusive scan.
// RUN-CONFIG: --local-size=64
__kernel void compact_positive(__global const float *in, __global float *out,
                               __global int *counts)
{
    int gid = get_global_id(0);
    int base = get_group_id(0) * get_local_size(0);
    float x = in[gid];

    if (x > 0.0f) {
        int slot = work_group_scan_exclusive_add(1); // expected-error {{collective 'work_group_scan_exclusive_add' reached under divergent control flow}}
        out[base + slot] = x;
    }
    int kept = work_group_reduce_add(x > 0.0f ? 1 : 0);
    if (get_local_id(0) == 0)
        counts[get_group_id(0)] = kept;
}
