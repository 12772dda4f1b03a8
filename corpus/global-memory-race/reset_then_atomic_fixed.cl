// The fixed twin of reset_then_atomic.cl: a barrier(CLK_GLOBAL_MEM_FENCE)
// between work-item 0's clear and the increments, so every increment of the
// group happens after the clear. The increments among themselves need no
// ordering: they are atomic. (Clearing the buffer on the host before the
// launch is the other fix.)
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void count_hits(__global const float *x, float threshold, __global int *hits)
{
    int gid = get_global_id(0);
    int grp = get_group_id(0);

    if (get_local_id(0) == 0)
        hits[grp] = 0;
    barrier(CLK_GLOBAL_MEM_FENCE);

    if (x[gid] > threshold)
        atomic_inc(&hits[grp]);
}
