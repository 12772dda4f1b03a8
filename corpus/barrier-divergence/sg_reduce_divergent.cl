// `sub_group_reduce_add` under a condition on get_local_id(0), which differs
// between the lanes of a sub-group.
//
// Per-sub-group sum of the odd-indexed samples. Only the odd lanes call the
// sub-group collective, but sub-group functions must be encountered by all
// work-items of the sub-group, exactly like work-group functions by the
// whole work-group. Fixed in sg_reduce_divergent_fixed.cl: everyone calls the
// collective and even lanes contribute 0. Not in the manifest: no CPU
// backend here has sub-groups.
// RUN-CONFIG: --local-size=64
__kernel void odd_sums(__global const float *in, __global float *sums)
{
    float x = in[get_global_id(0)];
    float s = 0.0f;

    if (get_local_id(0) & 1) // #cond
        s = sub_group_reduce_add(x); // expected-error {{sub-group collective 'sub_group_reduce_add' reached under control flow that diverges within a sub-group}}

    if (get_sub_group_local_id() == 1)
        sums[get_group_id(0) * get_num_sub_groups() + get_sub_group_id()] = s;
}
// expected-note@#cond {{branch condition depends on get_local_id(0)}}
