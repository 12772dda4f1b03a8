// The fixed twin of global_fence_doubling_loop.cl: the loop's barrier
// fences __local memory too, which the stash exchanged across the loop
// needs (the loop runs 5 passes whatever the launch, so its barrier always
// lies between the store and the read).
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void halve_passes(__global float *data, __global float *out, __local float *edge)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int n = get_local_size(0);
    edge[lid] = data[gid];
    for (int pass = 1; pass <= 16; pass = 2 * pass) {
        data[gid] = data[gid] * 0.5f;
        barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    }
    out[gid] = edge[n - 1 - lid] + data[gid];
}
