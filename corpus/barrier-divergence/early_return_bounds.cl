// A bounds check `if (gid >= n) return;` before barriers.
//
// Per-group maximum magnitude of a vector whose length n need not be a
// multiple of the work-group size (the host rounds the global size up). The
// work-items of the last group that lie past the end return at once and
// never reach the barriers of the tree reduction, while the rest of their
// group waits for them there. This is the most common form of the bug: the
// early return is an implicit branch around every barrier that follows it.
// Fixed in early_return_bounds_fixed.cl: no return; the out-of-range
// work-items contribute a neutral value and take part in every barrier.
// RUN-CONFIG: --local-size=64
__kernel void block_absmax(__global const float *in, __global float *block_max,
                           __local float *scratch, int n)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);

    if (gid >= n) // #ret
        return;

    scratch[lid] = fabs(in[gid]);
    barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}

    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] = fmax(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
    }

    if (lid == 0)
        block_max[get_group_id(0)] = scratch[0];
}
// expected-note@#ret 2 {{depends on 'gid', which depends on get_global_id(0)}}
