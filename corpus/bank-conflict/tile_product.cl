// tile_product.cl - a 16x16 work-group fills two local tiles, waits at a
// barrier, and combines one tile read transposed with the other read
// straight: c[i][j] = a[j][i] * b[i][j], block by block.  aTile holds the
// mirrored block of a (loaded by rows, so the global reads are coalesced);
// aTile[x][y] then reads it by column.
//
// The code is correct (every tile element is written before the barrier and
// only read after it) but aTile[x][y] touches word x * 16 + y: a column of
// the tile, the same pattern as transpose16.cl.  bTile[y][x] reads a row and
// is conflict-free.  tile_product_fixed.cl keeps the 16x16 group and changes
// the layout of aTile instead of padding it (padding leaves a 2-way conflict
// on 32 banks, see transpose16_pad17.cl).
//
// Expected degree of aTile[x][y] (#read), per profile (nothing else conflicts):
//   generic 8, nvidia 8, amd 8, intel 16
// expected-warning@#read {{8-way bank conflict on aTile[x][y]}}
// generic-warning@#read {{8-way bank conflict on aTile[x][y]}}
// nvidia-warning@#read {{8-way bank conflict on aTile[x][y]}}
// amd-warning@#read {{8-way bank conflict on aTile[x][y]}}
// intel-warning@#read {{16-way bank conflict on aTile[x][y]}}

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

    aTile[y][x] = a[(bx + y) * n + by + x];
    bTile[y][x] = b[gy * n + gx];
    barrier(CLK_LOCAL_MEM_FENCE);
    c[gy * n + gx] = aTile[x][y] * bTile[y][x]; // #read
}
