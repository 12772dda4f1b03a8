// transpose.cl - a matrix transpose through a 32x32 __local tile, written the
// way it is usually written first.  A 32x8 work-group moves one 32x32 block:
// each work-item copies four rows of the block into the tile (coalesced reads
// of `in`, one word per bank), and after the barrier reads the tile by column
// to write the transposed block (coalesced writes of `out`).
//
// The column read tile[lx][ly + j] is the problem: a sub-group is 32
// consecutive lx with the same ly, and their words lx * 32 + ly + j are 32
// words apart, so all of them fall in one bank and the request is served
// one word at a time.  transpose_fixed.cl pads each row by one float.
//
// Expected degree of the read (#read), per profile (the write is conflict-free):
//   generic 32, nvidia 32, amd 32 (each 32-lane half of the wavefront),
//   intel 16 (a 16-wide sub-group reaches only 16 of the 32 words)
// expected-warning@#read {{32-way bank conflict on tile[lx][ly + j]}}
// generic-warning@#read {{32-way bank conflict on tile[lx][ly + j]}}
// nvidia-warning@#read {{32-way bank conflict on tile[lx][ly + j]}}
// amd-warning@#read {{32-way bank conflict on tile[lx][ly + j]}}
// intel-warning@#read {{16-way bank conflict on tile[lx][ly + j]}}

#define TILE 32
#define ROWS 8

// The host launches n x n/4 work-items: a 32x8 group moves a 32x32 block.
// clsynclint: assume n == get_global_size(0) && n == 4 * get_global_size(1)
__kernel __attribute__((reqd_work_group_size(32, 8, 1)))
void transpose(__global const float *in, __global float *out, int n)
{
    __local float tile[TILE][TILE];
    int lx = get_local_id(0), ly = get_local_id(1);
    int bx = get_group_id(0) * TILE, by = get_group_id(1) * TILE;

    for (int j = 0; j < TILE; j += ROWS)
        tile[ly + j][lx] = in[(by + ly + j) * n + bx + lx];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int j = 0; j < TILE; j += ROWS)
        out[(bx + ly + j) * n + by + lx] = tile[lx][ly + j]; // #read
}
