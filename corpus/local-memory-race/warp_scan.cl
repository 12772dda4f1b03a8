// A sub-group-sized scan loop without barriers.
//
// A local histogram of 32 digit bins (as in one pass of a radix sort) is
// built with atomics; then the first 32 work-items turn it into inclusive
// prefix sums in place with a Hillis-Steele loop, relying on the 32 of them
// being one warp that executes every iteration in lockstep, and the bin
// offsets are written out after a barrier. Within the loop work-item lid
// reads bins[lid - off], which work-item lid - off updates in the previous
// iteration, with nothing ordering the two; with lockstep removed (a CPU, a
// GPU with independent thread scheduling, a 16-wide sub-group) some sums
// mix old and new values. A local-memory race, at the loop's statement,
// with a note that all the work-items involved are one sub-group. Fixed in
// warp_scan_fixed.cl.
// RUN-CONFIG: --local-size=64
#define DIGITS 32

__kernel void digit_offsets(__global const uint *keys, int shift,
                            __global uint *offsets, __local uint *bins)
{
    int lid = get_local_id(0);

    if (lid < DIGITS)
        bins[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&bins[(keys[get_global_id(0)] >> shift) % DIGITS]);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid < DIGITS) {
        for (int off = 1; off < DIGITS; off *= 2) {
            if (lid >= off)
                bins[lid] += bins[lid - off]; // expected-error {{local-memory race on bins[1]}}
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid < DIGITS)
        offsets[get_group_id(0) * DIGITS + lid] = bins[lid];
}
