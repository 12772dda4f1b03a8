// A known miss: a value one work-item publishes in __local memory.
//
// Work-item 0 stores the group's offset (3) in the __local variable `base`;
// after the barrier every work-item writes s[lid + base] and then clears
// s[lid], with no barrier between the two stores: work-item 0 writes s[3]
// while work-item 3 clears s[3]. The race needs base to be between 1 and the
// group's size; clsynclint does not carry the value work-item 0 stored
// across the barrier, so `base` is an unknown read from memory, and a race
// that holds only for some values of an unknown read from memory is not
// reported (a scatter through an index table is how correct code writes).
// Forwarding a value stored by a single work-item to the reads after the
// barrier would find it.
// XFAIL: the value work-item 0 stores in `base` is not forwarded across the barrier
// RUN-CONFIG: --local-size=64
__kernel void shifted_clear(__global float *out)
{
    __local int base;
    __local float s[128];
    int lid = get_local_id(0);
    if (lid == 0)
        base = 3;
    barrier(CLK_LOCAL_MEM_FENCE);
    s[lid + base] = lid;
    // expected-error@+1 {{local-memory race on s[lid]}}
    s[lid] = 1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[lid];
}
