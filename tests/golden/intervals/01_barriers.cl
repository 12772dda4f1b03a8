// The intervals of a kernel: entry (0), a barrier in a loop (its interval
// wraps around the back edge), a global-only barrier that does not split
// local accesses, and a fence.
__kernel void k(__global float *g, __local float *s, int n)
{
    int lid = get_local_id(0);
    s[lid] = g[lid];
    for (int i = 0; i < n; i++) {
        barrier(CLK_LOCAL_MEM_FENCE);
        s[lid] += s[(lid + 1) % 64];
    }
    barrier(CLK_GLOBAL_MEM_FENCE);
    g[lid] = s[lid];
    mem_fence(CLK_GLOBAL_MEM_FENCE);
    g[lid + 64] = s[lid];
}
