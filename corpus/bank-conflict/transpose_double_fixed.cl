// transpose_double_fixed.cl - transpose_double.cl with rows of 17 doubles.
// A padded row is 34 words, so the column read puts work-item lx of a phase
// at words 34 * lx and 34 * lx + 1: banks 2 * lx and 2 * lx + 1, all
// different for the 16 work-items of a 32-bank phase and for the 8 of a
// 16-bank phase.  Unlike the float tile of transpose16_pad17.cl, one element
// of padding is enough here on every profile: a phase of doubles never spans
// more than one row of the work-group.
//
// Expected: no conflict on any profile.
// expected-no-diagnostics
// generic-no-diagnostics
// nvidia-no-diagnostics
// amd-no-diagnostics
// intel-no-diagnostics

// The host launches one work-item per element: the matrix is at least as wide as the launch.
// clsynclint: assume n >= get_global_size(0) && n >= get_global_size(1)
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void transpose_double(__global const double *in, __global double *out, int n)
{
    __local double tile[16][17];
    int lx = get_local_id(0), ly = get_local_id(1);
    int bx = get_group_id(0) * 16, by = get_group_id(1) * 16;

    tile[ly][lx] = in[(by + ly) * n + bx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(bx + ly) * n + by + lx] = tile[lx][ly];
}
