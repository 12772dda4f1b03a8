// The fixed twin of atomic_fence_no_wait.cl: work_group_barrier with
// CLK_LOCAL_MEM_FENCE (work-group scope by default) in place of the fence,
// so every work-item waits for the whole group's stores.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void rotate_left(__global const float *in, __global float *out, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int last = get_local_size(0) - 1;

    s[lid] = in[gid];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    float v;
    if (lid < last)
        v = s[lid + 1];
    else
        v = s[0];
    out[gid] = v;
}
