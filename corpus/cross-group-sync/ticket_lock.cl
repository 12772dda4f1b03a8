// A ticket lock on global integers, taken by work-item 0 of every work-group
// to add the group's count to a global total.
//
// Each work-group counts its samples above a threshold (a __local
// reduction), then work-item 0 draws a ticket with atomic_inc(next) and spins
// until `serving` reaches it, adds the count with a plain read-modify-write,
// and lets the next ticket in. Tickets are drawn in whatever order the groups
// arrive, and the holder of ticket k must run before ticket k + 1 can leave
// its loop: if the device keeps the spinning groups resident and does not
// schedule the one holding the lock (or has not started it), they wait
// forever. Nothing in OpenCL promises progress to a work-group while others
// spin. The lock also gives no memory ordering (OpenCL 1.x atomics are
// relaxed), so the plain update of total[0] by different groups is a race.
// Reported: cross-group-sync at the loop's condition, and inter-group-race
// at the update of total[0]. Fixed in ticket_lock_fixed.cl.
// RUN-CONFIG: --local-size=64 --num-groups=4
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

    if (lid == 0) {
        int ticket = atomic_inc(next);
        while (atomic_add(serving, 0) != ticket) // expected-error {{waits for other work-groups}}
            ;
        total[0] += scratch[0]; // expected-error {{inter-group race on total}}
        atomic_inc(serving);
    }
}
