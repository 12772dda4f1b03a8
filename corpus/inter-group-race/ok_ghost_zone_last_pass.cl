// A 2-D ghost-zone relaxation in the shape of thermal simulation codes:
// each work-group loads a TILE x TILE tile that overlaps its neighbours by
// `passes` cells on every side, relaxes it `passes` times in __local
// memory, and writes back the cells still exact after the last pass.
//
// `inside` is cleared at the top of every pass and set for the cells that
// pass computes, a square that shrinks by one cell per pass; the loop
// leaves at its last pass before copying back, so the flag after the loop
// is the last pass's square: rows and columns passes .. TILE-1-passes, the
// group's own TILE - 2*passes cells. No two groups write one cell, for any
// number of passes the host picks.
// Checked with --report-conditional: the proof must not rest on `passes`.
// expected-no-diagnostics
// RUN-CONFIG: --report-conditional
#define TILE 16

__kernel void relax(__global const float *src, __global float *dst, int cols, int rows,
                    int passes)
{
    __local float t[TILE][TILE], u[TILE][TILE];
    int tx = get_local_id(0), ty = get_local_id(1);
    int own = TILE - 2 * passes;
    int x = get_group_id(0) * own - passes + tx;
    int y = get_group_id(1) * own - passes + ty;
    bool in_grid = x >= 0 && x < cols && y >= 0 && y < rows;

    t[ty][tx] = in_grid ? src[y * cols + x] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    bool inside = false;
    for (int i = 0; i < passes; i++) {
        inside = false;
        if (tx > i && tx < TILE - 1 - i && ty > i && ty < TILE - 1 - i) {
            inside = true;
            u[ty][tx] = 0.2f * (t[ty][tx] + t[ty - 1][tx] + t[ty + 1][tx] +
                                t[ty][tx - 1] + t[ty][tx + 1]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i == passes - 1)
            break;
        if (inside)
            t[ty][tx] = u[ty][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (inside && in_grid)
        dst[y * cols + x] = u[ty][tx];
}
