// Two local tiles filled by a 16x16 work-group, one barrier, then a
// transposed read: correct, must stay quiet.
//
// Work-item (x, y) stores aTile[y][x] and bTile[y][x] and, after the
// barrier, reads aTile[x][y], an element another work-item stored. The
// barrier(CLK_LOCAL_MEM_FENCE) orders every store before every read, and
// nothing writes the tiles after it, so there is no race. (The column read
// aTile[x][y] is a bank conflict; that is a performance matter for the
// bank-conflict rule, disabled here because this folder is about races.)
// RUN-CONFIG: --local-size=16,16 --disable=bank-conflict
// expected-no-diagnostics
#define TS 16

// The host launches one work-item per pixel: rows are at least as wide as the launch.
// clsynclint: assume width >= get_global_size(0)
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void tile_cross(__global const float *a, __global const float *b,
                __global float *c, int width)
{
    __local float aTile[TS][TS];
    __local float bTile[TS][TS];
    int x = get_local_id(0), y = get_local_id(1);
    int gx = get_global_id(0), gy = get_global_id(1);

    aTile[y][x] = a[gy * width + gx];
    bTile[y][x] = b[gy * width + gx];
    barrier(CLK_LOCAL_MEM_FENCE);

    c[gy * width + gx] = aTile[x][y] * bTile[y][x];
}
