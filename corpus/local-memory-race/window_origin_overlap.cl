// A per-group origin, and a second store that lands on the first: a race.
//
// The same window as ok_group_origin_window.cl, but the clearing store is
// written at o + lid + 64 instead of o + lid + 128: whatever origin the
// table gives the group, work-item 64 stores its input at w[o + 64] while
// work-item 0 clears the same element, with no barrier between the two
// stores. Which value stays depends on the order the work-items run in.
// The fixed twin clears the elements after the window.
// RUN-CONFIG: --local-size=128
__kernel void shift_window(__global float *out, __global const float *in,
                           __global const int *origin)
{
    __local float w[288];
    int lid = get_local_id(0);
    int o = origin[get_group_id(0)] & 31;
    w[o + lid] = in[get_global_id(0)];
    // expected-error@+1 {{local-memory race on w[o + lid + 64]}}
    w[o + lid + 64] = 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = w[o + lid] + w[o + lid + 1];
}
