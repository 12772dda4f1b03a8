// The fixed twin of counter_reset_no_barrier.cl: a barrier(CLK_LOCAL_MEM_FENCE)
// between work-item 0 clearing the counter and the increments. The atomic
// increments only meet each other, which is not a race; the final plain
// read is after the second barrier.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void count_above(__global const float *x, float threshold,
                          __global int *group_counts)
{
    __local int count;
    int lid = get_local_id(0);

    if (lid == 0)
        count = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (x[get_global_id(0)] > threshold)
        atomic_inc(&count);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0)
        group_counts[get_group_id(0)] = count;
}
