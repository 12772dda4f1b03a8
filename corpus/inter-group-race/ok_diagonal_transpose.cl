// A tiled transpose of a square matrix with diagonal block reordering: the
// groups take their blocks along the diagonals, block x = (gx + gy) %
// get_num_groups(0), y = gx, so that neighbouring groups start on
// different memory channels. On the square grid the kernel is written for
// (one global size is the pitch of both matrices) the renumbering is a
// permutation and every block has one group. With more groups along y than
// along x the renumbering wraps around and two groups would copy the same
// block: a launch shape the kernel does not allow, reported only under
// --report-conditional, with that condition (tests/cli:
// diagonal-wraps-condition).
// RUN-CONFIG: --local-size=16,16 --disable=bank-conflict
// expected-no-diagnostics
#define TILE 16

__kernel void transpose_diagonal(__global float *out, __global const float *in)
{
    __local float tile[TILE][TILE + 1];
    uint n = get_global_size(0);
    uint gy = get_group_id(0);
    uint gx = (get_group_id(0) + get_group_id(1)) % get_num_groups(0);
    uint lx = get_local_id(0), ly = get_local_id(1);

    tile[ly][lx] = in[(gy * TILE + ly) * n + gx * TILE + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(gx * TILE + ly) * n + gy * TILE + lx] = tile[lx][ly];
}
