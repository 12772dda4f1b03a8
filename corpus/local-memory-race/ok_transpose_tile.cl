// The naive matrix transpose through a __local tile: correct, quiet.
//
// A 16x16 work-group copies one 16x16 block of `in` into the tile row by
// row (coalesced global reads), waits at a barrier, and writes the block to
// its transposed place reading the tile by column (coalesced global
// writes). Every tile element is written once, before the barrier, and only
// read after it. The column read is a 16-word stride, a bank conflict
// (see ok_transpose_padded.cl); bank-conflict is disabled here because
// this folder is about races.
// RUN-CONFIG: --local-size=16,16 --disable=bank-conflict
// expected-no-diagnostics
#define TILE 16

// The host launches one work-item per element of `in` (width x height).
// clsynclint: assume width >= get_global_size(0) && height >= get_global_size(1)
__kernel __attribute__((reqd_work_group_size(TILE, TILE, 1)))
void transpose(__global const float *in, __global float *out, int width, int height)
{
    __local float tile[TILE][TILE];
    int lx = get_local_id(0), ly = get_local_id(1);

    int ix = get_group_id(0) * TILE + lx;
    int iy = get_group_id(1) * TILE + ly;
    tile[ly][lx] = in[iy * width + ix];

    barrier(CLK_LOCAL_MEM_FENCE);

    int ox = get_group_id(1) * TILE + lx;
    int oy = get_group_id(0) * TILE + ly;
    out[oy * height + ox] = tile[lx][ly];
}
