// A per-group counter in __global memory, cleared by work-item 0 and
// incremented atomically by the others, with no barrier between the clear
// and the increments.
//
// Each work-group counts how many of its samples exceed a threshold into
// hits[group]. Work-item 0 clears the counter with a plain store; the other
// work-items of the group may already have incremented it, and the clear
// then wipes their increments out. An atomic and a plain access to the same
// location by different work-items race like two plain ones: atomics do not
// order the plain store, only a barrier(CLK_GLOBAL_MEM_FENCE) does (within
// the group). PoCL runs work-item 0 first and hides the bug; Oclgrind
// reports the race.
// Reported at the atomic increment, which runs after the clear. Fixed in
// reset_then_atomic_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void count_hits(__global const float *x, float threshold, __global int *hits)
{
    int gid = get_global_id(0);
    int grp = get_group_id(0);

    if (get_local_id(0) == 0)
        hits[grp] = 0;

    if (x[gid] > threshold)
        atomic_inc(&hits[grp]); // expected-error {{global-memory race on hits}}
}
