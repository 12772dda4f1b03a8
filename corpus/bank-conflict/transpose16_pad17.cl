// transpose16_pad17.cl - transpose16.cl with the usual one-float padding,
// tile[16][17].  The padding was designed for 16 banks and 16-wide requests,
// and there it works: words lx * 17 + ly fall in banks lx + ly, all
// different (intel: no conflict).
//
// On 32 banks a request covers two rows of the 16x16 group (ly = 0 and 1),
// and padding by one cannot separate them: the read puts (lx 15, ly 1) at
// word 256 and (lx 0, ly 0) at word 0, both in bank 0; the row write puts
// (lx 0, ly 1) at word 17 ... (lx 15, ly 1) at word 32, and word 32 shares
// bank 0 with word 0.  Both accesses stay 2-way, down from 8-way for the read.
// No row length removes both conflicts for a 16x16 group on 32 banks: use
// 32-wide tiles (transpose_fixed.cl) or a swizzled layout
// (tile_product_fixed.cl).  Still correct code; only slower than it could be.
//
// Expected degrees, per profile:
//   write (#write): generic 2, nvidia 2, amd 2, intel none
//   read  (#read):  generic 2, nvidia 2, amd 2, intel none
// expected-warning@#write {{2-way bank conflict on tile[ly][lx]}}
// expected-warning@#read {{2-way bank conflict on tile[lx][ly]}}
// generic-warning@#write {{2-way bank conflict on tile[ly][lx]}}
// generic-warning@#read {{2-way bank conflict on tile[lx][ly]}}
// nvidia-warning@#write {{2-way bank conflict on tile[ly][lx]}}
// nvidia-warning@#read {{2-way bank conflict on tile[lx][ly]}}
// amd-warning@#write {{2-way bank conflict on tile[ly][lx]}}
// amd-warning@#read {{2-way bank conflict on tile[lx][ly]}}
// intel-no-diagnostics

// The host launches one work-item per element: the matrix is at least as wide as the launch.
// clsynclint: assume n >= get_global_size(0) && n >= get_global_size(1)
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void transpose16(__global const float *in, __global float *out, int n)
{
    __local float tile[16][17];
    int lx = get_local_id(0), ly = get_local_id(1);
    int bx = get_group_id(0) * 16, by = get_group_id(1) * 16;

    tile[ly][lx] = in[(by + ly) * n + bx + lx]; // #write
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(bx + ly) * n + by + lx] = tile[lx][ly]; // #read
}
