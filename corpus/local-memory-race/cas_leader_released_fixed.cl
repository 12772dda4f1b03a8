// The fixed twin of cas_leader_released.cl: the flag stays set, so exactly
// one work-item of the group wins the exchange and stores the pivot; every
// later exchange finds 1 where it expects 0 and fails. The barrier then
// publishes the pivot to the group. The pivot is the group's first sample,
// whichever work-item wins (which one does varies between runs on a GPU,
// and the reference must not).
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel void pick_pivot(__global const float *in, __global float *out)
{
    __local int taken;
    __local float pivot;
    int lid = get_local_id(0);
    if (lid == 0)
        taken = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (atomic_cmpxchg(&taken, 0, 1) == 0)
        pivot = in[get_group_id(0) * get_local_size(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = in[get_global_id(0)] - pivot;
}
