// Zero configuration: reqd_work_group_size written as an expression of a
// macro constant the build does not define.
//
// SIZE comes from the host. The group is half of SIZE, fixed by
// reqd_work_group_size(SIZE / 2, 1, 1), and every work-item loads two
// elements, l and l + SIZE / 2: disjoint for that group size. The launch
// keeps the size as that expression of the unknown (the solver holds
// 2 * lsz <= SIZE <= 2 * lsz + 1), so no group wider than SIZE / 2 is
// considered: no race, for every SIZE. (Were the expression dropped, a
// 256-wide group with SIZE = 511 would overlap the two halves.) The buggy
// twin, zero_config_reqd_expr.cl, loads at l + SIZE / 4.
// expected-note@1 {{not defined by the build: SIZE, analyzed as an unknown integer constant}}
__kernel __attribute__((reqd_work_group_size(SIZE / 2, 1, 1)))
void load_pairs(__global const uint *src, __global uint *dst)
{
    __local uint tile[SIZE];
    size_t l = get_local_id(0);
    size_t base = get_group_id(0) * SIZE;
    tile[l] = src[base + l];
    tile[l + SIZE / 2] = src[base + l + SIZE / 2];
    barrier(CLK_LOCAL_MEM_FENCE);
    dst[base + l] = tile[SIZE - 1 - l];
    dst[base + l + SIZE / 2] = tile[SIZE / 2 - 1 - l];
}
