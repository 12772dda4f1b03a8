// The fixed twin of global_fence_reduction.cl: both barriers fence local
// memory, the address space the reduction shares.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void group_max(__global const float *x, __global float *maxima, __local float *m)
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
