// The fixed twin of volatile_flag_sync.cl: no work-group waits for another.
// Every group reduces the calibration block itself (64 extra loads per group,
// far cheaper than a second launch at this size) and divides by its own copy
// of the result, kept in __local memory. The last group still stores the
// value in scale[0] for the host, but nobody reads it during the launch.
// For a costly calibration step, split the kernel in two instead and let
// the host order them.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void calibrate(__global const float *x, __global float *y, __global float *scale,
                        volatile __global int *ready, __local float *scratch)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int last = get_num_groups(0) - 1;

    scratch[lid] = fabs(x[last * lsz + lid]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = lsz / 2; step > 0; step /= 2) {
        if (lid < step)
            scratch[lid] = fmax(scratch[lid], scratch[lid + step]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    float s = scratch[0];
    if (get_group_id(0) == last && lid == 0)
        scale[0] = s;

    y[gid] = x[gid] / s;
}
