// The fixed twin of histogram_plain_increment.cl: a histogram with local
// atomics. atomic_inc(&hist[bin]) is one indivisible read-modify-write, and
// atomics on the same location do not race with each other. The plain
// stores that clear the bins and the plain reads that publish them are
// separated from the atomics by barriers, so no plain access meets an
// atomic one either.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
#define BINS 16

__kernel void histogram16(__global const uint *data, int n, __global uint *global_hist)
{
    __local uint hist[BINS];
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    for (int b = lid; b < BINS; b += lsz)
        hist[b] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
        uint bin = data[i] % BINS;
        atomic_inc(&hist[bin]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int b = lid; b < BINS; b += lsz)
        atomic_add(&global_hist[b], hist[b]);
}
