// The fixed twin of warp_vote.cl: the votes are stored, the whole work-group
// waits at barrier(CLK_LOCAL_MEM_FENCE) (outside both branches), and only
// then does work-item 0 pack them. (With sub-groups of a known width,
// sub_group_ballot from cl_khr_subgroup_ballot would avoid local memory.)
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void ballot32(__global const float *x, float threshold,
                       __global uint *masks, __local uint *votes)
{
    int lid = get_local_id(0);

    if (lid < 32)
        votes[lid] = x[get_group_id(0) * 32 + lid] > threshold;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0) {
        uint mask = 0;
        for (int i = 0; i < 32; i++)
            mask |= votes[i] << i;
        masks[get_group_id(0)] = mask;
    }
}
