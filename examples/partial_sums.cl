// Per-group partial sums of a vector whose length need not be a multiple of
// the work-group size.  The bounds check returns early, so the work-items of
// the last group that are past the end never reach the barriers: the other
// work-items of that group wait forever (or, on some implementations, go on
// with garbage).  clsynclint reports both barriers.
__kernel void partial_sums(__global const float *in, __global float *sums,
                           __local float *scratch, int n)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    if (gid >= n)
        return;                       /* some work-items leave here ... */

    scratch[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);     /* ... and never reach this barrier */

    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        sums[get_group_id(0)] = scratch[0];
}
