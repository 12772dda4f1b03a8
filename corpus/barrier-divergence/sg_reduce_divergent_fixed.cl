// Fixed twin of sg_reduce_divergent.cl.
//
// Every lane calls the sub-group collective; the selection of odd lanes
// moves into the argument. Not in the manifest: no CPU backend here has
// sub-groups.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void odd_sums(__global const float *in, __global float *sums)
{
    float x = in[get_global_id(0)];
    float s = sub_group_reduce_add((get_local_id(0) & 1) ? x : 0.0f);

    if (get_sub_group_local_id() == 1)
        sums[get_group_id(0) * get_num_sub_groups() + get_sub_group_id()] = s;
}
