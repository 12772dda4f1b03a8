// A matrix transpose through a padded __local tile: correct, quiet.
//
// Work-group (bx, by) reads the TILE x TILE block at block-row by, block-
// column bx of `in` (row-major, `width` columns), keeps it in a tile whose
// rows are padded by one element (so the column read below does not hit one
// bank), waits at a barrier, and writes it transposed as the block at
// block-row bx, block-column by of `out` (`height` columns). The output
// index is (bx * TILE + ty) * height + by * TILE + tx: the block coordinates
// are swapped but each work-item of each group still writes its own element,
// so different work-groups write disjoint blocks of `out`.
// Assumes width and height are multiples of TILE. (With 8 x 8 groups a
// 32-wide sub-group spans four tile rows and a 2-way bank conflict remains;
// that is corpus/bank-conflict's topic, so the rule is disabled here.)
// RUN-CONFIG: --local-size=8,8 --num-groups=4,2 -D TILE=8 --disable=bank-conflict
// expected-no-diagnostics
#ifndef TILE
#define TILE 8
#endif

// The host launches one work-item per element of `in` (width x height).
// clsynclint: assume width >= get_global_size(0) && height >= get_global_size(1)
__kernel void transpose(__global const float *in, __global float *out, int width, int height)
{
    __local float tile[TILE][TILE + 1];

    int tx = get_local_id(0);
    int ty = get_local_id(1);
    int bx = get_group_id(0);
    int by = get_group_id(1);

    tile[ty][tx] = in[(by * TILE + ty) * width + bx * TILE + tx];
    barrier(CLK_LOCAL_MEM_FENCE);

    out[(bx * TILE + ty) * height + by * TILE + tx] = tile[tx][ty];
}
