// Counting the work-items of the launch into one counter, reset by the
// grid's first work-item in the same kernel: work-item 0 stores 0, a
// barrier, then every work-item increments. The barrier waits only for
// work-item 0's own group; another group may increment before the reset
// (and lose its counts) or after it. Atomics make sense across groups, so
// the election is the grid's and the kernel is checked on several groups,
// unlike ok_single_group_total.cl, which elects but has no atomics.
// Fixed in elected_reset_count_fixed.cl: the host zeroes the counter.
__kernel void count_items(__global int *count)
{
    int gid = get_global_id(0);
    if (gid == 0)
        *count = 0;
    barrier(CLK_GLOBAL_MEM_FENCE);
    atomic_inc(count); // expected-error {{inter-group race on count[0]}}
}
