// The fixed twin of tail_loop.cl, with sub-group collectives instead of an
// assumed lockstep.
//
// Every work-item takes part in sub_group_reduce_max over its own value; the
// first work-item of each sub-group stores the sub-group's maximum in
// m[sub-group id]; after a barrier, work-item 0 combines those. This is
// correct for any sub-group size the device picks: the collective is
// reached by every work-item of each sub-group (no divergent branch around
// it), and the barrier orders the sub-group leaders' stores before work-item
// 0's reads. Needs sub-groups (OpenCL C 3.0 __opencl_c_subgroups or
// cl_khr_subgroups).
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void block_max(__global const float *x, __global float *maxima, __local float *m)
{
    int lid = get_local_id(0);

    float sg_max = sub_group_reduce_max(x[get_global_id(0)]);
    if (get_sub_group_local_id() == 0)
        m[get_sub_group_id()] = sg_max;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0) {
        float r = m[0];
        for (uint i = 1; i < get_num_sub_groups(); i++)
            r = fmax(r, m[i]);
        maxima[get_group_id(0)] = r;
    }
}
