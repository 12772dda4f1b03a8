// The fixed twin of histogram_float_bins.cl: atomic_inc on the local bin.
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
#define BINS 16

__kernel void float_histogram(__global const float *samples, __global uint *global_hist)
{
    __local uint hist[BINS];
    int lid = get_local_id(0);
    if (lid < BINS)
        hist[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    float x = samples[get_global_id(0)];
    int bin = x * BINS;
    atomic_inc(&hist[min(bin, BINS - 1)]);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid < BINS)
        atomic_add(&global_hist[lid], hist[lid]);
}
