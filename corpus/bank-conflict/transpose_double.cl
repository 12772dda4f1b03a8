// transpose_double.cl - the 16x16 local transpose of transpose16.cl on
// doubles.  A double covers two 4-byte bank words, so one request serves
// 16 work-items (128 bytes) on the 32-bank profiles and 8 (64 bytes) on the
// 16-bank one.  The column read tile[lx][ly] puts work-item lx at words
// 32 * lx and 32 * lx + 1: with 32 banks, all 16 work-items of a phase use
// banks 0 and 1, 16 distinct words in each; with 16 banks the 8 work-items
// of a phase use banks 0 and 1, 8 words in each.  The row write is
// conflict-free: 16 consecutive doubles are 32 consecutive words.
// transpose_double_fixed.cl pads each row by one double.
//
// Expected degree of the read (#read), per profile:
//   generic 16, nvidia 16, amd 16, intel 8
// expected-warning@#read {{16-way bank conflict on tile[lx][ly]}}
// generic-warning@#read {{16-way bank conflict on tile[lx][ly]}}
// nvidia-warning@#read {{16-way bank conflict on tile[lx][ly]}}
// amd-warning@#read {{16-way bank conflict on tile[lx][ly]}}
// intel-warning@#read {{8-way bank conflict on tile[lx][ly]}}

// The host launches one work-item per element: the matrix is at least as wide as the launch.
// clsynclint: assume n >= get_global_size(0) && n >= get_global_size(1)
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void transpose_double(__global const double *in, __global double *out, int n)
{
    __local double tile[16][16];
    int lx = get_local_id(0), ly = get_local_id(1);
    int bx = get_group_id(0) * 16, by = get_group_id(1) * 16;

    tile[ly][lx] = in[(by + ly) * n + bx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(bx + ly) * n + by + lx] = tile[lx][ly]; // #read
}
