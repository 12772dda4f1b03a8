// Flushing a work-group's queue into a global list, as frontier-based
// graph kernels do: work-item 0 reserves room for the group's `count`
// entries with one atomic_add and shares the base through __local memory;
// after the barrier every work-item copies entries base + i, stepping by
// the group size. The base is read in the loop but written only before
// it, so every iteration sees the one value: the work-items' entries are
// distinct (i differs), and two groups reserve disjoint ranges.
// expected-no-diagnostics
__kernel void flush_queue(__global const int *queue, __global int *out, __global int *tail,
                          int count)
{
    __local int base;
    if (get_local_id(0) == 0)
        base = atomic_add(tail, count);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = get_local_id(0); i < count; i += get_local_size(0))
        out[base + i] = queue[get_group_id(0) * count + i];
}
