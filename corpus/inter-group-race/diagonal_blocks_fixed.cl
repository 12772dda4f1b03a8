// diagonal_blocks.cl with row-major blocks: one block per group.
// RUN-CONFIG: --local-size=8,8
// expected-no-diagnostics
__kernel void blocks(__global float *out)
{
    int b = get_group_id(1) * get_num_groups(0) + get_group_id(0);
    int l = get_local_id(1) * 8 + get_local_id(0);
    out[b * 64 + l] = (float)(get_group_id(1) * get_num_groups(0) + get_group_id(0));
}
