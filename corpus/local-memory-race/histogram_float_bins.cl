// A histogram of float samples in [0, 1): the bin is the sample times the
// number of bins, and the local bin is updated with a plain `++`.
//
// Two work-items whose samples fall into one bin both load the count, both
// add one and both store it back: a count is lost. Which bins collide
// depends on the data, as in histogram_plain_increment.cl; here the bin
// comes from float arithmetic on the sample, which the analysis once took
// for a value it could not reason about, so the race went unreported (found
// by fuzz/kgen.py against Oclgrind, issue 20). Fixed in
// histogram_float_bins_fixed.cl with atomic_inc.
// RUN-CONFIG: --local-size=64 --global-size=256
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
    hist[min(bin, BINS - 1)]++; // expected-error {{local-memory race on hist}}
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid < BINS)
        atomic_add(&global_hist[lid], hist[lid]);
}
