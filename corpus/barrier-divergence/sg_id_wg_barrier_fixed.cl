// Fixed twin of sg_id_wg_barrier.cl.
//
// The work-group barrier that publishes the partial sums is executed by
// every work-item; afterwards sub-group 0 alone adds them with a sub-group
// collective, which is fine under a condition that is uniform within each
// sub-group. Not in the manifest: no CPU backend here has sub-groups.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void two_level_sum(__global const float *in, __global float *sums,
                            __local float *partial)
{
    float s = sub_group_reduce_add(in[get_global_id(0)]);
    uint slid = get_sub_group_local_id();
    if (slid == 0)
        partial[get_sub_group_id()] = s;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (get_sub_group_id() == 0) {
        float p = slid < get_num_sub_groups() ? partial[slid] : 0.0f;
        float total = sub_group_reduce_add(p);
        if (slid == 0)
            sums[get_group_id(0)] = total;
    }
}
