// Appending a work-group's entries to its bucket, as binning and queue
// kernels do: work-item 0 reserves room for the group's `count` entries
// with one atomic_add on the bucket's tail and shares the base through
// __local memory; after the barrier every work-item copies entries
// base + i, stepping by the group size. The base is read in the loop but
// written only before it, so every iteration sees the one value: the
// work-items' entries are distinct (i differs), and each reservation is
// its own range. (Each group has its bucket here, so the output does not
// depend on the order the groups run in.)
// expected-no-diagnostics
__kernel void append_entries(__global const int *entries, __global int *bucket,
                             __global int *tails, int count)
{
    __local int base;
    if (get_local_id(0) == 0)
        base = atomic_add(&tails[get_group_id(0)], count);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_local_id(0); i < count; i += get_local_size(0))
        bucket[base + i] = entries[get_group_id(0) * count + i];
}
