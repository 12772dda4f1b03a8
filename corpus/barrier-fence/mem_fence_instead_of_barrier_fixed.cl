// The fixed twin of mem_fence_instead_of_barrier.cl: barrier(CLK_LOCAL_MEM_FENCE)
// instead of the fence. Every work-item waits there until the whole group
// has stored its sample, and the local stores are visible after it.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void forward_diff(__global const float *x, __global float *d, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    float v = x[gid];
    s[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);

    float right = lid + 1 < lsz ? s[lid + 1] : x[min(gid + 1, (int)get_global_size(0) - 1)];
    d[gid] = right - v;
}
