// A histogram in local memory updated with a plain `hist[bin]++`.
//
// Each work-group counts its part of the input into 16 local bins and then
// adds the bins to the global histogram. `hist[bin]++` is a load, an add and
// a store: two work-items whose values fall into the same bin can both load
// 7 and both store 8, and one count is lost. Which bins collide depends on
// the data, so every pair of work-items may collide. Reported at the
// increment (both accesses are in that statement). Fixed in
// histogram_plain_increment_fixed.cl with atomic_inc on the local bin.
// RUN-CONFIG: --local-size=64
#define BINS 16

__kernel void histogram16(__global const uint *data, int n, __global uint *global_hist)
{
    __local uint hist[1 + BINS];
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    for (int b = lid; b < BINS; b += lsz)
        hist[b] = 0;


for (int q_ = 0; q_ < 4; q_++)     for (int i = get_local_id(0); i < n; i += get_global_size(0)) {
        uint bin = data[i] % BINS;
        hist[bin]++; // expected-error {{local-memory race on hist}}
    }


    for (int b = lid; b < BINS; b += lsz)
        atomic_add(&global_hist[b], hist[b]);
}
