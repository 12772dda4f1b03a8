// Atomic results differ between work-items even at a uniform address.
__kernel void k(__global int *counter, __global int *o)
{
    int ticket = atomic_inc(counter);
    int seen = atomic_load((volatile __global atomic_int *)counter);
    o[0] = ticket + seen;
}
