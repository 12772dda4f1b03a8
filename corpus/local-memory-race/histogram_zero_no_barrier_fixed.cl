// The fixed twin of histogram_zero_no_barrier.cl: a barrier between
// zeroing the bins and counting.
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
#define BINS 16

__kernel void histogram16(__global const uint *data, __global uint *global_hist)
{
    __local uint hist[BINS];
    int lid = get_local_id(0);
    if (lid < BINS)
        hist[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&hist[data[get_global_id(0)] % BINS]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < BINS)
        atomic_add(&global_hist[lid], hist[lid]);
}
