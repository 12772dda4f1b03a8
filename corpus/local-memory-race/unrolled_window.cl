// A sliding-window sum whose loop carries `#pragma unroll`, missing the
// barrier between loading the tile and reading the neighbours.
//
// Each work-item loads one element into tile[lid] and then adds the next
// three elements of the tile, in a loop the compiler is asked to unroll.
// Work-item 31 reads tile[32] while work-item 32 may not have stored it yet.
// The pragma changes how the loop is compiled, not what it does: the race is
// the same as without it. (Loops under `#pragma unroll` or
// `__attribute__((opencl_unroll_hint))` were once skipped whole.)
// Fixed in unrolled_window_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void window_sum(__global const float *in, __global float *out,
                         __local float *tile)
{
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    tile[lid] = in[gid];
    float sum = tile[lid];
    #pragma unroll
    for (int k = 1; k < 4; k++)
        sum += tile[(lid + k) % 64]; // expected-error {{local-memory race on tile}}
    out[gid] = sum;
}
