// Fixed twin of atomic_ticket.cl.
//
// All work-items execute the barrier after storing their squares; the
// holder of the last ticket then sums them. The condition on the atomic's
// result still differs between work-items, but it no longer guards a
// barrier.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
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
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
    if (ticket == lsz - 1) {
        int t = 0;
        for (int i = 0; i < lsz; i++)
            t += sq[i];
        totals[get_group_id(0)] = t;
    }
}
