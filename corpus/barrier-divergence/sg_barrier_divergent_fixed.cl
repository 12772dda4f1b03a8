// Fixed twin of sg_barrier_divergent.cl.
//
// Every lane of the sub-group executes the sub-group barrier after staging
// its value; only the summing work is left inside the branch on the lane id.
// Not in the manifest: no CPU backend here has sub-groups.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void lane_sums(__global const float *in, __global float *out,
                        __local float *stage)
{
    uint ssz = get_max_sub_group_size();
    uint slid = get_sub_group_local_id();
    __local float *mine = stage + get_sub_group_id() * ssz;

    mine[slid] = in[get_global_id(0)];
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
    float s = 0.0f;
    if (slid < 4) {
        for (uint j = slid; j < get_sub_group_size(); j += 4)
            s += mine[j];
    }
    out[get_global_id(0)] = s;
}
