// Fences used for what they do, ordering one work-item's own accesses, with
// a barrier doing the synchronization: quiet.
//
// Work-items of a group fill a local tile, fence their own stores (the
// fence is redundant before a barrier, but harmless), and then wait at
// barrier(CLK_LOCAL_MEM_FENCE) before reading other work-items' entries.
// The fence is not the only thing between the stores and the loads: the
// barrier is there too, so there is nothing to report.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void shift_right(__global const float *x, __global float *out, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);

    s[lid] = x[gid];
    mem_fence(CLK_LOCAL_MEM_FENCE);
    barrier(CLK_LOCAL_MEM_FENCE);

    out[gid] = lid > 0 ? s[lid - 1] : 0.0f;
}
