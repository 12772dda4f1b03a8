// spin_wait_fixed.cl - harness test: the fixed twin of spin_wait.cl; every
// group raises its flag without waiting for another group.
__kernel void chain(volatile __global int *flags, __global int *out)
{
    size_t g = get_group_id(0);

    if (get_local_id(0) == 0) {
        atomic_xchg(&flags[g], 1);
        out[g] = (int)g;
    }
}
