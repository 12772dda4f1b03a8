// The classic tree reduction: quiet.
//
// Dot product, partial per work-group: each work-item stores its product,
// then the loop `for (s = get_local_size(0) / 2; s > 0; s >>= 1)` halves the
// active range with a barrier after every step. The loop's trip count is
// computed from the work-group size, the same for every work-item; the
// divergent `if (lid < s)` contains only the addition, and the barrier
// after it is on every work-item's path.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void dot_partial(__global const float *a, __global const float *b,
                          __global float *partial, __local float *prod)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);

    prod[lid] = a[gid] * b[gid];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            prod[lid] += prod[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        partial[get_group_id(0)] = prod[0];
}
