// An inclusive prefix sum of n values (n = the work-group size) by one
// work-group, double-buffered in __local memory: each round reads one half
// of the buffer and writes the other, with a barrier between rounds.  The
// host launches it as a single work-group (global size = local size = n);
// longer inputs use a multi-block scan instead.
//
// Every index is built from the local id alone, so if two groups ran they
// would both write out[0..n-1].  But the kernel never asks which group it
// is in (no get_group_id, get_global_id or get_global_linear_id): every
// group would do the same work on the same data, which only makes sense
// for one group.  clsynclint takes such a kernel as a single-group kernel
// and does not check it between groups, unless --num-groups or
// --global-size says there are several (compare lane_partials.cl, which
// does use its group id).
// expected-no-diagnostics
__kernel void scan_one_block(__global const float *in, __global float *out,
                             __local float *buf)
{
    int i = get_local_id(0), n = get_local_size(0);
    int src = 0, dst = 1;

    buf[i] = in[i];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int d = 1; d < n; d *= 2) {
        buf[dst * n + i] = i >= d ? buf[src * n + i] + buf[src * n + i - d]
                                  : buf[src * n + i];
        barrier(CLK_LOCAL_MEM_FENCE);
        src = 1 - src;
        dst = 1 - dst;
    }
    out[i] = buf[src * n + i];
}
