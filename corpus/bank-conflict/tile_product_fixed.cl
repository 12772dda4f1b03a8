// tile_product_fixed.cl - tile_product.cl with aTile stored swizzled: the
// element of row r and column k lives at aTile[r][k ^ r].  Within a row the
// XOR only permutes the 16 columns, so the row write is still one word per
// bank; within a column it moves each row's element to a different column,
// so the column read aTile[x][y ^ x] spreads over the banks as well.
//
// Why not padding: a 32-wide sub-group of a 16x16 group covers two rows.
// With rows of R floats, the row write is conflict-free on 32 banks only
// when R is an odd multiple of 16, and then the column read is 8-way; with
// any other R the row write is 2-way.  The swizzle makes both accesses
// conflict-free, on 16 and 32 banks alike, at no cost in local memory.
//
// Expected: no conflict on any profile.
// expected-no-diagnostics
// generic-no-diagnostics
// nvidia-no-diagnostics
// amd-no-diagnostics
// intel-no-diagnostics

// The host launches one work-item per element: the matrix is at least as wide as the launch.
// clsynclint: assume n >= get_global_size(0) && n >= get_global_size(1)
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void tile_product(__global const float *a, __global const float *b, __global float *c, int n)
{
    __local float aTile[16][16];
    __local float bTile[16][16];
    int x = get_local_id(0), y = get_local_id(1);
    int gx = get_global_id(0), gy = get_global_id(1);
    int bx = get_group_id(0) * 16, by = get_group_id(1) * 16;

    aTile[y][x ^ y] = a[(bx + y) * n + by + x];
    bTile[y][x] = b[gy * n + gx];
    barrier(CLK_LOCAL_MEM_FENCE);
    c[gy * n + gx] = aTile[x][y ^ x] * bTile[y][x];
}
