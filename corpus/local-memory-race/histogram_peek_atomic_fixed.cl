// Fixed twin of histogram_peek_atomic.cl: the count is read atomically
// (atomic_add(p, 0) returns the value without changing it), so every
// access of a bin in the counting phase is atomic and none races. Which
// count a work-item sees still depends on the order, so the kernel writes
// only the final bins.
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel void peek_then_count(__global const uint *data, __global uint *out)
{
    __local uint hist[16];
    int lid = get_local_id(0);
    if (lid < 16)
        hist[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint b = data[get_global_id(0)] & 15;
    uint seen = atomic_add(&hist[b], 0);
    atomic_add(&hist[b], 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = seen > 1000u;
    if (lid < 16)
        out[256 + get_group_id(0) * 16 + lid] = hist[lid];
}
