// A local histogram whose bins are zeroed with no barrier before the
// counting starts: a work-item can increment a bin that the work-item
// zeroing it has not reached yet, and the zero overwrites the count.
//
// Work-item b < BINS zeroes hist[b]; every work-item then increments
// hist[bin] for the bin of its sample. The bin comes from loaded data, but
// the race needs no particular data: every bin is zeroed by some work-item,
// so whatever bin a sample falls into, its increment can meet that store.
// Found by fuzz/kgen.py against Oclgrind (issue 20, seed 80); the decision
// now asks whether the conflict holds for every sample of the loaded data
// (decide.c, data_forced), and it does. Fixed in
// histogram_zero_no_barrier_fixed.cl.
// RUN-CONFIG: --local-size=64 --global-size=256
#define BINS 16

__kernel void histogram16(__global const uint *data, __global uint *global_hist)
{
    __local uint hist[BINS];
    int lid = get_local_id(0);
    if (lid < BINS)
        hist[lid] = 0; // expected-note {{the other access}}
    atomic_inc(&hist[data[get_global_id(0)] % BINS]); // expected-error {{local-memory race on &hist}}
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < BINS)
        atomic_add(&global_hist[lid], hist[lid]);
}
