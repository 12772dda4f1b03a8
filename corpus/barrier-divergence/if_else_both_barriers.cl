// A barrier in each branch of a divergent if/else.
//
// The lower half of each work-group publishes its values; the upper half
// subtracts its partner's value from its own. The author gave each branch
// its own barrier, reasoning that every work-item still executes "a
// barrier". But the two calls are two different barriers: the lower half
// waits at one, the upper half at the other, and neither is executed by
// the whole group. Some GPUs happen to count arrivals at any barrier and let
// this pass; the specification makes it undefined, and CPU implementations
// and Oclgrind treat it as the divergence it is. Fixed in
// if_else_both_barriers_fixed.cl: one barrier, after the store, outside the
// branch.
// RUN-CONFIG: --local-size=64
__kernel void half_difference(__global const float *in, __global float *out,
                              __local float *buf)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int h = get_local_size(0) / 2;
    float x = in[gid];

    if (lid < h) {
        buf[lid] = x;
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        out[gid] = x;
    } else {
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        out[gid] = x - buf[lid - h];
    }
}
