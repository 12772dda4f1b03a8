// reduceWithSync: the fixed twin of reduce_no_sync.cl.
//
// A barrier(CLK_LOCAL_MEM_FENCE) after the initial store makes every
// product visible to the whole work-group before anyone adds, and a barrier
// after each halving step makes that step's sums visible before the next
// step reads them. The barrier sits outside `if (lid < step)`, so every
// work-item reaches it on every iteration (the trip count depends only on
// the work-group size).
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void dot_product(__global const float *x, __global const float *y,
                          __global float *group_sums, __local float *scratch)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);

    scratch[lid] = x[gid] * y[gid];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int step = get_local_size(0) / 2; step > 0; step /= 2) {
        if (lid < step)
            scratch[lid] += scratch[lid + step];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        group_sums[get_group_id(0)] = scratch[0];
}
