// The fixed twin of histogram_capped.cl: the overflow check uses the value
// that atomic_add returns (the bin before this group's addition), so no
// plain load of a bin that other work-groups update remains. Every group
// whose addition took the bin past CAP clamps it afterwards with atomic_min,
// so the bin ends at min(total, CAP) whatever the order of the groups.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
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
        uint before = atomic_add(&hist[lid], local_hist[lid]);
        if (before + local_hist[lid] > CAP)
            atomic_min(&hist[lid], CAP);
    }
}
