// The fixed twin of symmetrize_2d.cl: a barrier(CLK_LOCAL_MEM_FENCE)
// between loading the mirrored block into the tile and reading it
// transposed. Every work-item of the 16x16 group reaches the barrier, and
// the tile is not written after it.
// RUN-CONFIG: --local-size=16,16 --disable=bank-conflict
// expected-no-diagnostics
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
    barrier(CLK_LOCAL_MEM_FENCE);

    int row = by * B + ly, col = bx * B + lx;
    s[row * n + col] = 0.5f * (a[row * n + col] + tile[lx][ly]);
}
