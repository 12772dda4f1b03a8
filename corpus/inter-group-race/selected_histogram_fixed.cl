// The fixed twin of selected_histogram.cl: the groups add their counts to
// the chosen histogram with atomic_add.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void add_counts(__global const uint *keys, __global uint *h_even,
                         __global uint *h_odd, int pass)
{
    __local uint l[64];
    int lid = get_local_id(0);
    l[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&l[keys[get_global_id(0)] & 63]);
    barrier(CLK_LOCAL_MEM_FENCE);
    __global uint *h = pass & 1 ? h_odd : h_even;
    atomic_add(&h[lid], l[lid]);
}
