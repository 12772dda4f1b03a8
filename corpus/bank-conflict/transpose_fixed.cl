// transpose_fixed.cl - transpose.cl with each row of the tile padded by one
// float: __local float tile[TILE][TILE + 1].  The column read
// tile[lx][ly + j] now touches words lx * 33 + ly + j; 33 is one more than
// a multiple of the bank count, so consecutive lx move to consecutive banks
// and the 32 words of a request sit in 32 different banks.  The row write
// stays conflict-free.  The padding costs 32 floats of local memory.
//
// Expected: no conflict on any profile (16 banks: 33 lx mod 16 is also a
// permutation of the 16 work-items of a sub-group).
// expected-no-diagnostics
// generic-no-diagnostics
// nvidia-no-diagnostics
// amd-no-diagnostics
// intel-no-diagnostics

#define TILE 32
#define ROWS 8

// The host launches n x n/4 work-items: a 32x8 group moves a 32x32 block.
// clsynclint: assume n == get_global_size(0) && n == 4 * get_global_size(1)
__kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void transpose(__global const float *in, __global float *out, int n)
{
    __local float tile[TILE][TILE + 1];
    int lx = get_local_id(0), ly = get_local_id(1);
    int bx = get_group_id(0) * TILE, by = get_group_id(1) * TILE;

    for (int j = 0; j < TILE; j += ROWS)
        tile[ly + j][lx] = in[(by + ly + j) * n + bx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < TILE; j += ROWS)
        out[(bx + ly + j) * n + by + lx] = tile[lx][ly + j];
}
