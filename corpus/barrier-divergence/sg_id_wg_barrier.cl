// A work-group barrier under `if (get_sub_group_id() == 0)`.
//
// Two-level reduction: each sub-group reduces its values with a sub-group
// collective and its first lane stores the partial sum; then sub-group 0
// adds the partials. The sub-group collective inside `if (get_sub_group_id()
// == 0)` is fine -- the condition is the same for all lanes of a sub-group.
// But the author also put the work-group barrier that waits for the
// partials inside that branch, and the other sub-groups never reach it: a
// condition that is uniform within a sub-group still diverges within the
// work-group. Fixed in sg_id_wg_barrier_fixed.cl: the barrier moves before
// the branch. Not in the manifest: no CPU backend here has sub-groups.
// RUN-CONFIG: --local-size=64
__kernel void two_level_sum(__global const float *in, __global float *sums,
                            __local float *partial)
{
    float s = sub_group_reduce_add(in[get_global_id(0)]);
    uint slid = get_sub_group_local_id();
    if (slid == 0)
        partial[get_sub_group_id()] = s;

    if (get_sub_group_id() == 0) { // #cond
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        float p = slid < get_num_sub_groups() ? partial[slid] : 0.0f;
        float total = sub_group_reduce_add(p);
        if (slid == 0)
            sums[get_group_id(0)] = total;
    }
}
// expected-note@#cond {{branch condition depends on get_sub_group_id()}}
