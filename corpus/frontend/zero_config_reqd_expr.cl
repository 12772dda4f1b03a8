// Zero configuration: reqd_work_group_size(SIZE / 2, 1, 1) with SIZE from
// the host, as in zero_config_reqd_expr_fixed.cl, but the second load is at
// l + SIZE / 4, inside the first half that the group's SIZE / 2 work-items
// fill: work-item SIZE / 4 and work-item 0 write one element, for every
// SIZE of 4 or more. The witness takes SIZE and the group size together,
// the group SIZE / 2 wide, as the attribute says.
// expected-note@1 {{not defined by the build: SIZE, analyzed as an unknown integer constant}}
__kernel __attribute__((reqd_work_group_size(SIZE / 2, 1, 1)))
void load_pairs(__global const uint *src, __global uint *dst)
{
    __local uint tile[SIZE];
    size_t l = get_local_id(0);
    size_t base = get_group_id(0) * SIZE;
    tile[l] = src[base + l]; // expected-note {{the other access}}
    // expected-error@+1 {{local-memory race on tile[l + SIZE / 4] (where SIZE = 512): work-item 128 writes it (line 14) while work-item 0 writes it (line 16)}}
    tile[l + SIZE / 4] = 0;
    // expected-note@-1 {{assuming a work-group of 256 work-items, as reqd_work_group_size says with 'SIZE' / 2}}
    barrier(CLK_LOCAL_MEM_FENCE);
    dst[base + l] = tile[SIZE - 1 - l];
}
