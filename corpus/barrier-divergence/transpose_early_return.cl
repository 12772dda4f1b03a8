// A 2D bounds check `if (x >= width || y >= height) return;` before the
// barrier of a tiled transpose.
//
// The image need not be a multiple of the tile, so the host rounds the 2D
// global size up and the kernel returns early for work-items outside the
// image. In the edge work-groups those work-items never reach the barrier
// between the tile load and the transposed read, while the rest of the
// group waits for them there. Fixed in transpose_early_return_fixed.cl: the
// load and the store are guarded, the barrier is not.
// (Its 8 x 9 tile is 2-way bank-conflicted on 32 banks: bank-conflict is not
// what this file is about.)
// RUN-CONFIG: --local-size=8,8 -D TILE=8 --disable=bank-conflict
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

    if (x >= width || y >= height) // #ret
        return;

    tile[ly][lx] = in[y * width + x];
    barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}

    int ox = get_group_id(1) * TILE + lx;
    int oy = get_group_id(0) * TILE + ly;
    if (ox < height && oy < width)
        out[oy * height + ox] = tile[lx][ly];
}
// expected-note@#ret {{which depends on get_global_id}}
