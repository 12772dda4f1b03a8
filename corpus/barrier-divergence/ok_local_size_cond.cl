// Barriers under conditions on get_local_size, get_global_size and
// get_work_dim: quiet.
//
// Per-group sums with a strategy chosen by the work-group size: small groups
// let work-item 0 add the values serially, larger ones use a tree. Both
// branches contain barriers, and the condition -- the work-group size -- is
// the same for every work-item of the group, so the whole group takes one
// branch. The same holds for the final scaling step, enabled by the launch
// shape (get_work_dim, get_global_size). Only the inner `if (lid ...)` tests
// differ between work-items, and they hold no barrier.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void block_sums_adaptive(__global const float *in, __global float *sums,
                                  __local float *s)
{
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);

    if (get_local_size(0) <= 16) {
        if (lid == 0) {
            float t = 0.0f;
            for (int i = 0; i < lsz; i++)
                t += s[i];
            s[0] = t;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    } else {
        for (int w = lsz / 2; w > 0; w >>= 1) {
            if (lid < w)
                s[lid] += s[lid + w];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }

    if (get_work_dim() == 1 && get_global_size(0) > (size_t)lsz) {
        /* several groups: scale each sum by its share of the whole launch */
        if (lid == 0)
            s[0] = s[0] * (float)lsz / (float)get_global_size(0);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        sums[get_group_id(0)] = s[0];
}
