// The fixed twin of unrolled_max_tail.cl: the tree loop simply continues
// down to one element, with its barrier(CLK_LOCAL_MEM_FENCE) after every
// step, outside the `if`. The last six steps cost six more barriers and
// no longer depend on how the device groups work-items into sub-groups.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void block_max(__global const float *x, __global float *maxima, __local float *m)
{
    int lid = get_local_id(0);

    m[lid] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int step = get_local_size(0) / 2; step > 0; step /= 2) {
        if (lid < step)
            m[lid] = fmax(m[lid], m[lid + step]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        maxima[get_group_id(0)] = m[0];
}
