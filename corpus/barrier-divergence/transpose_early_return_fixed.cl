// Fixed twin of transpose_early_return.cl.
//
// No early return: a work-item outside the image skips the load (its tile
// entry is never read by a work-item that stores), executes the barrier
// like everybody else, and skips the store.
// (Its 8 x 9 tile is 2-way bank-conflicted on 32 banks: bank-conflict is not
// what this file is about.)
// RUN-CONFIG: --local-size=8,8 -D TILE=8 --disable=bank-conflict
// expected-no-diagnostics
#ifndef TILE
#define TILE 8
#endif
__kernel void transpose(__global const float *in, __global float *out,
                        int width, int height)
{
    __local float tile[TILE][TILE + 1];
    int x = get_global_id(0);
    int y = get_global_id(1);
    int lx = get_local_id(0);
    int ly = get_local_id(1);

    if (x < width && y < height)
        tile[ly][lx] = in[y * width + x];
    barrier(CLK_LOCAL_MEM_FENCE);

    int ox = get_group_id(1) * TILE + lx;
    int oy = get_group_id(0) * TILE + ly;
    if (ox < height && oy < width)
        out[oy * height + ox] = tile[lx][ly];
}
