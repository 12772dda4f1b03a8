// The fixed twin of sync_helper_global_flags.cl: the helper and the
// variable carry CLK_LOCAL_MEM_FENCE.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
static void block_sync(cl_mem_fence_flags flags)
{
    barrier(flags);
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void reverse_twice(__global const float *x, __global float *y)
{
    __local float s[64];
    int lid = get_local_id(0);
    s[lid] = x[get_global_id(0)];
    block_sync(CLK_LOCAL_MEM_FENCE);
    float v = s[63 - lid];
    const cl_mem_fence_flags f = CLK_LOCAL_MEM_FENCE;
    barrier(f);
    s[lid] = v * 2.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    y[get_global_id(0)] = s[63 - lid];
}
