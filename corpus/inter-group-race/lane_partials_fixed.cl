// The fixed twin of lane_partials.cl: each work-item stores its partial at
// its global id, so the NDRange writes one element per work-item and no two
// work-items, of the same work-group or of different ones, share one. The
// host (or a second kernel) adds the partials up.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void dot_partials(__global const float *x, __global const float *y,
                           __global float *partial, int n)
{
    int gid = get_global_id(0);
    int stride = get_global_size(0);

    float acc = 0.0f;
    for (int i = gid; i < n; i += stride)
        acc += x[i] * y[i];

    partial[gid] = acc;
}
