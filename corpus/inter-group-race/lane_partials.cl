// Per-work-item partial sums stored at out[get_local_id(0)]: every
// work-group writes the same 64 elements.
//
// A dot product split over the whole NDRange: each work-item accumulates a
// strided slice of x[i] * y[i] (a grid-stride loop) and stores its partial
// for the host to add up. The store uses the local id where it should use
// the global one, so work-item 0 of group 0, work-item 0 of group 1, ...
// all store into partial[0] different values, and the elements from 64 on
// are never written. Which value survives depends on the order in which the
// work-groups happen to run; barriers could not help, since they never order
// anything between work-groups.
// Reported at the store. Fixed in lane_partials_fixed.cl.
// RUN-CONFIG: --local-size=64 --num-groups=4
__kernel void dot_partials(__global const float *x, __global const float *y,
                           __global float *partial, int n)
{
    int gid = get_global_id(0);
    int stride = get_global_size(0);

    float acc = 0.0f;
    for (int i = gid; i < n; i += stride)
        acc += x[i] * y[i];

    partial[get_local_id(0)] = acc; // expected-error {{inter-group race on partial}}
}
