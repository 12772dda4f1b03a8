// The padded matrix transpose: correct, quiet.
//
// Same data flow as ok_transpose_tile.cl, with one extra float per tile
// row: element (r, c) lives at word r * 17 + c, so the 16 work-items of one
// row read the column tile[lx][ly] from 16 different banks (with 16 banks
// the read is conflict-free; with 32 banks and a 32-wide sub-group spanning
// two tile rows a 2-way conflict remains, which corpus/bank-conflict
// covers, so that rule is disabled here). The padding column is never read
// or written. Stores before the barrier, reads after it: no race.
// RUN-CONFIG: --local-size=16,16 --disable=bank-conflict
// expected-no-diagnostics
#define TILE 16

// The host launches one work-item per element of `in` (width x height).
// clsynclint: assume width >= get_global_size(0) && height >= get_global_size(1)
__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void transpose(__global const float *in, __global float *out, int width, int height)
{
    __local float tile[TILE][TILE + 1];
    int lx = get_local_id(0), ly = get_local_id(1);

    int ix = get_group_id(0) * TILE + lx;
    int iy = get_group_id(1) * TILE + ly;
    tile[ly][lx] = in[iy * width + ix];

    barrier(CLK_LOCAL_MEM_FENCE);

    int ox = get_group_id(1) * TILE + lx;
    int oy = get_group_id(0) * TILE + ly;
    out[oy * height + ox] = tile[lx][ly];
}
