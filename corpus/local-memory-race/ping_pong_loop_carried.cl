// A loop-carried race: double-buffered diffusion with the second barrier
// of the loop body missing.
//
// A 1D heat-diffusion step runs `steps` times (an even number) on a
// segment held in local memory. Two buffers take turns: the first half of
// each iteration reads ping and writes pong, then a barrier, then the
// second half reads pong and writes ping. Cells 0 and lsz + 1 of both
// buffers are cold boundaries, set once. The barrier at the end of the
// body is missing: work-item 5 stores ping[6] late in iteration t while
// work-item 6 already reads ping[6] at the top of iteration t + 1, and
// work-item 5 overwrites pong[6] at the top of iteration t + 1 while
// work-item 6 may still be reading it late in iteration t. Both are
// reported on the first statement of the body (a read of ping that
// executes after the write of ping on the back edge; a write of pong that
// executes after the read of pong). Fixed in ping_pong_loop_carried_fixed.cl.
// RUN-CONFIG: --local-size=64
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
        pong[lid + 1] = 0.25f * ping[lid] + 0.5f * ping[lid + 1] + 0.25f * ping[lid + 2]; // #top
        barrier(CLK_LOCAL_MEM_FENCE);
        ping[lid + 1] = 0.25f * pong[lid] + 0.5f * pong[lid + 1] + 0.25f * pong[lid + 2];
    }

    out[gid] = ping[lid + 1];
}
// expected-error@#top {{local-memory race on ping}}
// expected-error@#top {{local-memory race on pong}}
