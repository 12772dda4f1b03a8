// An atomic and a plain access to the same local counter, unordered.
//
// Each work-group counts its elements above a threshold with a local
// atomic counter. Work-item 0 clears the counter with a plain store, and
// the other work-items start incrementing it right away. Atomics do not
// race with each other, but an atomic and a plain access to the same
// location do: an increment that lands before the clearing store is lost.
// Reported at the atomic_inc, which executes after the store on the
// connecting path. Fixed in counter_reset_no_barrier_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void count_above(__global const float *x, float threshold,
                          __global int *group_counts)
{
    __local int count;
    int lid = get_local_id(0);

    if (lid == 0)
        count = 0;

    if (x[get_global_id(0)] > threshold)
        atomic_inc(&count); // expected-error {{local-memory race on count}}
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0)
        group_counts[get_group_id(0)] = count;
}
