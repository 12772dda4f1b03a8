// A barrier whose fence flags differ between work-items.
//
// Each work-group sums its elements; work-item 0 also counts the group in a
// global counter, and the author gives only that work-item a global fence:
// barrier(lid == 0 ? CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE :
// CLK_LOCAL_MEM_FENCE). Every work-item of the group must execute a barrier
// with the same flags; with different ones the behaviour is undefined,
// whatever a given implementation makes of it. Fixed in
// barrier_flags_per_item_fixed.cl: the same flags for all.
// RUN-CONFIG: --local-size=64
__kernel void block_sum(__global const float *in, __global float *sums,
                        __global int *done, __local float *s)
{
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    if (lid == 0)
        done[get_group_id(0)] = 1;
    barrier(lid == 0 ? CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE // expected-error {{barrier with flags that differ between work-items}}
                     : CLK_LOCAL_MEM_FENCE);
    for (int step = 32; step > 0; step /= 2) {
        if (lid < step)
            s[lid] += s[lid + step];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        sums[get_group_id(0)] = s[0];
}
