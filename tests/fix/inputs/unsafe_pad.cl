// A bank conflict whose padding is an unsafe fix-it: besides tile[r][c] the
// kernel reads the tile through a pointer, whose offsets padding would not
// follow, so --fix applies it only with --unsafe-fixes.
// clsynclint: assume n == get_global_size(0) && n == 4 * get_global_size(1)
__kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void transpose_bias(__global const float *in, __global float *out, int n)
{
    __local float tile[32][32];
    __local const float *first = &tile[0][0];
    int lx = get_local_id(0), ly = get_local_id(1);
    int bx = get_group_id(0) * 32, by = get_group_id(1) * 32;
    for (int j = 0; j < 32; j += 8)
        tile[ly + j][lx] = in[(by + ly + j) * n + bx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < 32; j += 8)
        out[(bx + ly + j) * n + by + lx] = tile[lx][ly + j] - first[0];
}
