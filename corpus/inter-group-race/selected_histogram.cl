// Every work-group adds its counts into a histogram chosen at run time.
//
// Alternate passes of a multi-pass sort count into h_even and h_odd; the
// kernel picks the buffer with pass & 1 ? h_odd : h_even and every
// work-group adds its 64 local counts to the same 64 bins with a plain
// h[lid] += l[lid]. Work-groups are not ordered with each other, so two of
// them can read the same bin before either writes it back, and one group's
// counts are lost. Which buffer the pointer holds is decided at run time;
// the race is on whichever it is, and clsynclint reports it on both. Fixed
// in selected_histogram_fixed.cl with atomic_add.
// RUN-CONFIG: --local-size=64
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
    h[lid] += l[lid]; // expected-error {{inter-group race on h_odd}} expected-error {{inter-group race on h_even}}
}
