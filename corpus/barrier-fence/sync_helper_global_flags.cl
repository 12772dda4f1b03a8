// A port from CUDA keeps __syncthreads() as a helper that takes the fence
// flags, and its caller passes the ones it thinks it needs: here
// CLK_GLOBAL_MEM_FENCE, while the data shared between the two steps is in
// __local memory. The barrier waits for every work-item, but without
// CLK_LOCAL_MEM_FENCE nothing makes the stores to s visible to the reads
// after it. The flags reach barrier() through the helper's parameter (and,
// in the second step, through a variable), and are read there. Fixed in
// sync_helper_global_flags_fixed.cl.
// RUN-CONFIG: --local-size=64
static void block_sync(cl_mem_fence_flags flags)
{
    barrier(flags); // expected-error {{barrier does not order __local memory}}
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void reverse_twice(__global const float *x, __global float *y)
{
    __local float s[64];
    int lid = get_local_id(0);
    s[lid] = x[get_global_id(0)];
    block_sync(CLK_GLOBAL_MEM_FENCE);
    float v = s[63 - lid];
    const cl_mem_fence_flags f = CLK_GLOBAL_MEM_FENCE;
    barrier(f); // expected-error {{barrier does not order __local memory}}
    s[lid] = v * 2.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    y[get_global_id(0)] = s[63 - lid];
}
// expected-note@20 {{written or read here before the barrier}}
// expected-note@22 {{and here after it}}
// expected-note@22 {{written or read here before the barrier}}
// expected-note@25 {{and here after it}}
