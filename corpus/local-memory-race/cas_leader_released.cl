// Electing one work-item with atomic_cmpxchg, then letting go of the flag:
// the work-item that swaps the flag from 0 to 1 publishes its sample for
// the whole group to use, and then resets the flag to 0. Resetting it
// re-opens the election: the next work-item to arrive swaps it again and
// publishes its own sample over the first, and so on. Which sample the
// group ends up with depends on the order the work-items ran in.
// Fixed in cas_leader_released_fixed.cl, which keeps the flag set: one
// winner per group, whose store no other work-item's can meet.
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel void pick_pivot(__global const float *in, __global float *out)
{
    __local int taken;
    __local float pivot;
    int lid = get_local_id(0);
    if (lid == 0)
        taken = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (atomic_cmpxchg(&taken, 0, 1) == 0) {
        pivot = in[get_global_id(0)]; // expected-error {{local-memory race on pivot}}
        atomic_xchg(&taken, 0);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = in[get_global_id(0)] - pivot;
}
