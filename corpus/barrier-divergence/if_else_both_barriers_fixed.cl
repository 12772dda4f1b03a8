// Fixed twin of if_else_both_barriers.cl.
//
// The lower half stores under a divergent condition that holds no barrier;
// a single barrier follows, executed by the whole group; then each half
// computes its output in a divergent if/else that holds no barrier.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void half_difference(__global const float *in, __global float *out,
                              __local float *buf)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int h = get_local_size(0) / 2;
    float x = in[gid];

    if (lid < h)
        buf[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < h)
        out[gid] = x;
    else
        out[gid] = x - buf[lid - h];
}
