// Work-groups of a 2-D grid that meet along a diagonal.
//
// Group (gx, gy) writes its number, gy * 2 + gx, over block gx + gy of a
// 1-D output: groups (1, 0) and (0, 1) write the same block, with 1 and 2.
// (Were the value the same for both, the race would be benign and
// quiet.) They differ in both dimensions; the
// enumeration clsynclint used before only compared groups that differ in
// one, and missed it. Fixed in diagonal_blocks_fixed.cl (row-major blocks).
// RUN-CONFIG: --local-size=8,8
__kernel void blocks(__global float *out)
{
    int b = get_group_id(0) + get_group_id(1);
    int l = get_local_id(1) * 8 + get_local_id(0);
    out[b * 64 + l] = (float)(get_group_id(1) * get_num_groups(0) + get_group_id(0)); // expected-error {{inter-group race on out}}
}
