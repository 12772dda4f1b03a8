// The fixed twin of warp_scan.cl: each scan step reads the left neighbour
// into a private value, waits at a barrier, adds, and waits again. The
// barriers are outside the `lid < DIGITS` branches, so the whole work-group
// reaches them, and each step's sums are visible before the next step
// reads them. (sub_group_scan_inclusive_add would do the same with no local
// memory where the sub-group is known to be 32 wide; OpenCL does not
// promise that.)
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
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

    for (int off = 1; off < DIGITS; off *= 2) {
        uint left = 0;
        if (lid < DIGITS && lid >= off)
            left = bins[lid - off];
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < DIGITS)
            bins[lid] += left;
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid < DIGITS)
        offsets[get_group_id(0) * DIGITS + lid] = bins[lid];
}
