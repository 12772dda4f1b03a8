// The fixed twin of ping_pong_loop_carried.cl: the second barrier at the
// end of the loop body. Each half of an iteration reads one buffer and
// writes the other; the barrier after each half orders its writes before
// the next half's reads of that buffer, and its reads before the next
// half's writes. The trip count depends only on the kernel argument
// `steps`, so every work-item reaches both barriers equally often. The
// final read of ping[lid + 1] reads the work-item's own cell.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void diffuse(__global const float *in, __global float *out, int steps,
                      __local float *ping, __local float *pong)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    ping[lid + 1] = in[gid];
    if (lid == 0) {
        ping[0] = pong[0] = 0.0f;
        ping[lsz + 1] = pong[lsz + 1] = 0.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int t = 0; t < steps; t += 2) {
        pong[lid + 1] = 0.25f * ping[lid] + 0.5f * ping[lid + 1] + 0.25f * ping[lid + 2];
        barrier(CLK_LOCAL_MEM_FENCE);
        ping[lid + 1] = 0.25f * pong[lid] + 0.5f * pong[lid + 1] + 0.25f * pong[lid + 2];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    out[gid] = ping[lid + 1];
}
