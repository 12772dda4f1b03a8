// The fixed twin of argmin_tail.cl: the arg-min tree with a barrier after
// every step, all the way down, and the barrier outside the `if`. Each
// step compares and copies from elements the previous step finished, so
// value and index always travel together.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void block_argmin(__global const float *x, __global int *argmins,
                           __local float *vals, __local int *idx)
{
    int lid = get_local_id(0);
    int gid = get_global_id(0);

    vals[lid] = x[gid];
    idx[lid] = gid;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int step = get_local_size(0) / 2; step > 0; step /= 2) {
        if (lid < step && vals[lid + step] < vals[lid]) {
            vals[lid] = vals[lid + step];
            idx[lid] = idx[lid + step];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        argmins[get_group_id(0)] = idx[0];
}
