// The fixed twin of ticket_lock.cl: the critical section was a single
// integer addition, which is exactly what atomic_add does without a lock.
// No work-group waits for another, and the atomics on total[0] do not race
// with each other. (Partial counts per group, summed by the host or a
// second kernel, are the fix for updates that no atomic covers.) `next` and
// `serving` are kept only so that the signature matches.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void count_above(__global const int *x, int threshold,
                          volatile __global int *next, volatile __global int *serving,
                          __global int *total, __local int *scratch)
{
    int lid = get_local_id(0);

    scratch[lid] = x[get_global_id(0)] > threshold;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = get_local_size(0) / 2; step > 0; step /= 2) {
        if (lid < step)
            scratch[lid] += scratch[lid + step];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        atomic_add(total, scratch[0]);
}
