// A race in a 2D work-group: tile[ly][lx] is written, tile[lx][ly] is read,
// and there is no barrier between.
//
// The kernel computes the symmetric part S = (A + A^T) / 2 of a square
// matrix. Work-group (bx, by) produces the 16x16 block of S at block row by,
// block column bx; for that it needs the mirrored block of A (block row bx,
// block column by), which it loads into a local tile with coalesced reads,
// one element per work-item. Work-item (lx, ly) then reads tile[lx][ly],
// the element that work-item (ly, lx) stored. Without a barrier that
// work-item may not have stored it yet. Reported at the transposed read.
// Fixed in symmetrize_2d_fixed.cl. (The column read is also a bank
// conflict; bank-conflict is disabled here because this folder is about
// races.)
// RUN-CONFIG: --local-size=16,16 --disable=bank-conflict
#define B 16

// The host launches one work-item per element: the matrix is at least as wide as the launch.
// clsynclint: assume n >= get_global_size(0) && n >= get_global_size(1)
__kernel __attribute__((reqd_work_group_size(B, B, 1)))
void symmetric_part(__global const float *a, __global float *s, int n)
{
    __local float tile[B][B];
    int lx = get_local_id(0), ly = get_local_id(1);
    int bx = get_group_id(0), by = get_group_id(1);

    /* the mirrored block, row by row */
    tile[ly][lx] = a[(bx * B + ly) * n + by * B + lx];

    int row = by * B + ly, col = bx * B + lx;
    s[row * n + col] = 0.5f * (a[row * n + col] + tile[lx][ly]); // expected-error {{local-memory race on tile}}
}
