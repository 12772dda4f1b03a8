// Per-group digit counts stored column-major for a later scan: the count of
// digit b in group g goes to out[b * (n / WG) + g], one column per group.
//
// The stride n / WG multiplies the work-item's id: were it 0 (n < WG), every
// work-item of the group would write element g. Nobody sorts fewer keys than
// one group holds, and clsynclint takes a stride of 0 for what it is, a
// launch nobody makes, as it does a size of 0: no finding. The columns are
// apart when there are n / WG of them for as many groups, n >= the launch:
// the host launches one work-item per key, which the assume line states.
// clsynclint: assume n >= get_global_size(0)
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
#define WG 64
#define DIGITS 16

__kernel void digit_counts(__global const uint *keys, __global uint *out, uint n, uint shift)
{
    __local uint cnt[DIGITS];
    uint lid = get_local_id(0), gid = get_global_id(0);
    __local uint k[WG];
    k[lid] = keys[gid];
    if (lid < DIGITS)
        cnt[lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        for (uint i = 0; i < WG; i++)
            cnt[(k[i] >> shift) & (DIGITS - 1)] += 1;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < DIGITS)
        out[lid * (n / WG) + gid / WG] = cnt[lid];
}
