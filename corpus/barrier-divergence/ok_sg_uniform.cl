// Sub-group barriers and collectives under conditions that are uniform
// within each sub-group: quiet.
//
// Per-sub-group normalization of sparse data. `sub_group_any` returns the
// same value to every lane of a sub-group, so the branch on it is taken by
// whole sub-groups, and the collectives inside are reached by all lanes of
// each sub-group that enters. The branch on the parity of get_sub_group_id()
// is the same for a whole sub-group too, so the sub-group barrier inside it
// is fine. (Either condition may differ between sub-groups of one
// work-group; that matters for work-group barriers, not for sub-group
// ones.) Not in the manifest: no CPU backend here has sub-groups.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void subgroup_normalize(__global const float *in, __global float *out,
                                 __global float *rotated, __local float *stage)
{
    uint gid = get_global_id(0);
    uint ssz = get_max_sub_group_size();
    uint slid = get_sub_group_local_id();
    float x = in[gid];

    float y = 0.0f;
    if (sub_group_any(x != 0.0f)) {
        float total = sub_group_reduce_add(fabs(x));
        float before = sub_group_scan_exclusive_add(fabs(x));
        y = total > 0.0f ? (before + 0.5f * fabs(x)) / total : 0.0f;
    }
    out[gid] = y;

    __local float *mine = stage + get_sub_group_id() * ssz;
    float r = x;
    if (get_sub_group_id() % 2 == 0) {
        mine[slid] = x;
        sub_group_barrier(CLK_LOCAL_MEM_FENCE);
        r = mine[(slid + 1) % get_sub_group_size()];
    }
    rotated[gid] = r;
}
