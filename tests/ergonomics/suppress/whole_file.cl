// A file whose findings are all accepted, with the reason, in its top comments.
// clsynclint: disable-file=barrier-divergence,CLS002 -- legacy kernel, run with one work-item per group
// expected-no-diagnostics
__kernel void legacy(__global int *out, __local int *tmp)
{
    int lid = get_local_id(0);
    tmp[lid] = lid;
    if (lid == 0)
        barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[63 - lid];
}
