// `work_group_barrier(flags, scope)` under a condition on an atomic's result.
//
// Per-group sum of squares. Every work-item stores its square and takes a
// ticket from a local counter with atomic_inc; the work-item that draws the
// last ticket adds up the squares. Its author made that work-item wait for
// the others at a barrier inside the branch -- but an atomic returns a
// different value to each work-item, so exactly one of them reaches the
// barrier. Arrival order says nothing about the others having finished
// their stores, and a barrier executed by one work-item is undefined
// behaviour. Fixed in atomic_ticket_fixed.cl: the barrier is executed by all
// before the ticket holder sums.
// RUN-CONFIG: --local-size=64
__kernel void sum_squares(__global const int *in, __global int *totals,
                          __local int *sq)
{
    __local int arrived;
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    if (lid == 0)
        arrived = 0;
    work_group_barrier(CLK_LOCAL_MEM_FENCE);

    int v = in[get_global_id(0)];
    sq[lid] = v * v;
    int ticket = atomic_inc(&arrived);
    if (ticket == lsz - 1) { // #cond
        work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group); // expected-error {{barrier reached under divergent control flow}}
        int t = 0;
        for (int i = 0; i < lsz; i++)
            t += sq[i];
        totals[get_group_id(0)] = t;
    }
}
// expected-note@#cond {{branch condition depends on 'ticket'}}
