// A plain read of a bin that other work-items update atomically: the read
// is not atomic, so it races with their atomic_add (a data race is any
// pair of accesses, one of them a write, that are not both atomic).
//
// Each work-item reads its bin's count with a plain load, then adds to it
// atomically; two work-items with samples in one bin meet. Atomics never
// race with each other; atomic_add(&hist[b], 0) is how to read the count
// atomically (histogram_peek_atomic_fixed.cl).
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel void peek_then_count(__global const uint *data, __global uint *out)
{
    __local uint hist[16];
    int lid = get_local_id(0);
    if (lid < 16)
        hist[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint b = data[get_global_id(0)] & 15;
    uint seen = hist[b]; // expected-note {{the other access}}
    atomic_add(&hist[b], 1); // expected-error {{local-memory race on &hist[b]}}
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = seen;
    if (lid < 16)
        out[256 + get_group_id(0) * 16 + lid] = hist[lid];
}
