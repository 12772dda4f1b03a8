// transpose16.cl - the textbook local-memory transpose: a 16x16 work-group,
// a 16x16 tile, one element per work-item.  The tile is written by rows
// (tile[ly][lx], conflict-free) and read by columns (tile[lx][ly]) after
// the barrier, so that both global accesses are coalesced.
//
// The column read touches word lx * 16 + ly.  On 16 banks (a 16-wide
// sub-group: lx = 0..15, ly = 0) every word is in bank 0: 16-way.  On 32
// banks a 32-wide sub-group covers two rows of the group (ly = 0 and 1);
// even lx land in bank ly, odd lx in bank 16 + ly, so each of four banks
// receives 8 distinct words: 8-way.  Padding by one float
// (transpose16_pad17.cl) cures the 16-bank case only; see that file.
//
// Expected degree of the read (#read), per profile (the write is conflict-free):
//   generic 8, nvidia 8, amd 8, intel 16
// expected-warning@#read {{8-way bank conflict on tile[lx][ly]}}
// generic-warning@#read {{8-way bank conflict on tile[lx][ly]}}
// nvidia-warning@#read {{8-way bank conflict on tile[lx][ly]}}
// amd-warning@#read {{8-way bank conflict on tile[lx][ly]}}
// intel-warning@#read {{16-way bank conflict on tile[lx][ly]}}

// The host launches one work-item per element: the matrix is at least as wide as the launch.
// clsynclint: assume n >= get_global_size(0) && n >= get_global_size(1)
__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void transpose16(__global const float *in, __global float *out, int n)
{
    __local float tile[16][16];
    int lx = get_local_id(0), ly = get_local_id(1);
    int bx = get_group_id(0) * 16, by = get_group_id(1) * 16;

    tile[ly][lx] = in[(by + ly) * n + bx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[(bx + ly) * n + by + lx] = tile[lx][ly]; // #read
}
