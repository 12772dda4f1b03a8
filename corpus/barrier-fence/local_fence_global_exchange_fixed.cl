// The fixed twin of local_fence_global_exchange.cl: barrier(CLK_GLOBAL_MEM_FENCE)
// orders the global stores of the work-group before its loads. This is
// enough because the neighbour read never leaves the group's own block;
// a barrier does nothing for work-items of other work-groups.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void pair_energy(__global const float *x, __global float *tmp, __global float *out)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    float v = x[gid];
    tmp[gid] = v * v;
    barrier(CLK_GLOBAL_MEM_FENCE);

    float e = tmp[gid];
    if (lid + 1 < lsz)
        e += tmp[gid + 1];
    out[gid] = e;
}
