// A saturating histogram that reads a global bin with a plain load while
// other work-groups update it atomically.
//
// Each work-group counts its samples into a __local histogram (atomically,
// with barriers around it), then work-item b adds the group's count for bin
// b to the global histogram, but no more than the room left below CAP. The
// room is computed from a plain load of hist[b], a bin that the other
// work-groups are updating with atomic_add at the same moment: an atomic and
// a plain access to one location, from different work-groups, with nothing
// that orders them (the barrier before it orders this group only). Two
// groups can both see room for their whole count and together take the bin
// past CAP. atomic_add already returns the value the bin had; that is what
// the fixed twin uses. Oclgrind reports the race.
// Reported at the atomic_add, the access that runs second in the kernel,
// with a note at the plain load. Fixed in histogram_capped_fixed.cl.
// RUN-CONFIG: --local-size=64 --num-groups=4
#define BINS 16
#define CAP 12u

__kernel void histogram_capped(__global const uint *data, __global uint *hist,
                               __local uint *local_hist)
{
    int lid = get_local_id(0);

    if (lid < BINS)
        local_hist[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    atomic_inc(&local_hist[data[get_global_id(0)] % BINS]);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid < BINS) {
        uint room = CAP - min(hist[lid], CAP);
        atomic_add(&hist[lid], min(local_hist[lid], room)); // expected-error {{inter-group race on hist}}
    }
}
