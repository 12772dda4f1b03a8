// Fixed twin of window_origin_overlap.cl: the clearing store after the window.
//
// The clearing store starts after the window (o + lid + 128): the
// group's stores never meet.
// expected-no-diagnostics
// RUN-CONFIG: --local-size=128
__kernel void shift_window(__global float *out, __global const float *in,
                           __global const int *origin)
{
    __local float w[288];
    int lid = get_local_id(0);
    int o = origin[get_group_id(0)] & 31;
    w[o + lid] = in[get_global_id(0)];
    w[o + lid + 128] = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = w[o + lid] + w[o + lid + 1];
}
