// One barrier with both fence flags for a kernel that shares both local and
// global memory within the group: quiet.
//
// Each work-item writes its sample to local memory and a scaled copy to a
// global scratch buffer; after barrier(CLK_LOCAL_MEM_FENCE |
// CLK_GLOBAL_MEM_FENCE) it reads the neighbour's entries of both. The flags
// cover both address spaces, every work-item reaches the barrier, and the
// global neighbour is always in the same work-group. Correct.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void neighbour_mix(__global const float *x, __global float *scaled,
                            __global float *out, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    float v = x[gid];
    s[lid] = v;
    scaled[gid] = 0.5f * v;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);

    float r = v;
    if (lid + 1 < lsz)
        r = s[lid + 1] + scaled[gid + 1];
    out[gid] = r;
}
