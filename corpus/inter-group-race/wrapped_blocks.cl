// Work-groups that share a block of the output ten groups apart.
//
// The kernel folds the grid onto ten blocks: group g writes block g % 10.
// With more than ten groups, groups 0 and 10 write the same elements. The
// enumeration clsynclint used before compared group 0 with groups 1 to 8
// only and missed it; two symbolic groups find the pair wherever it is.
// Fixed in wrapped_blocks_fixed.cl (one block per group).
// RUN-CONFIG: --local-size=64
__kernel void fold(__global const float *in, __global float *out)
{
    int g = get_group_id(0), lid = get_local_id(0);
    out[(g % 10) * 64 + lid] = in[g * 64 + lid]; // expected-error {{inter-group race on out}}
}
