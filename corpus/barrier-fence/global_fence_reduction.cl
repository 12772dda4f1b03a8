// A tree reduction in local memory whose barriers all say
// CLK_GLOBAL_MEM_FENCE.
//
// The group's maximum: every work-item stores its value in m[lid], then
// the halving loop keeps the larger of m[lid] and m[lid + step]. The
// barriers are in the right places and every work-item waits at them, but
// they fence global memory, and the data lives in local memory. Both
// barriers separate a local store from another work-item's load without
// ordering local memory, so each is reported. Fixed in
// global_fence_reduction_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void group_max(__global const float *x, __global float *maxima, __local float *m)
{
    int lid = get_local_id(0);

    m[lid] = x[get_global_id(0)];
    barrier(CLK_GLOBAL_MEM_FENCE); // expected-error {{does not order __local memory}}

    for (int step = get_local_size(0) / 2; step > 0; step /= 2) {
        if (lid < step)
            m[lid] = fmax(m[lid], m[lid + step]);
        barrier(CLK_GLOBAL_MEM_FENCE); // expected-error {{does not order __local memory}}
    }

    if (lid == 0)
        maxima[get_group_id(0)] = m[0];
}
