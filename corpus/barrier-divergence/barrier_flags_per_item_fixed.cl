// The fixed twin of barrier_flags_per_item.cl: every work-item passes the
// same flags, the local fence the reduction needs and the global one that
// work-item 0's store asks for.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void block_sum(__global const float *in, __global float *sums,
                        __global int *done, __local float *s)
{
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    if (lid == 0)
        done[get_group_id(0)] = 1;
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    for (int step = 32; step > 0; step /= 2) {
        if (lid < step)
            s[lid] += s[lid + step];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        sums[get_group_id(0)] = s[0];
}
