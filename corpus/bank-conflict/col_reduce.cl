// col_reduce.cl - column sums of a matrix, 32 rows at a time.  An 8x32
// work-group (8 columns, 32 rows) loads its block and stores it transposed,
// colT[column][row], so that each column is a contiguous row of colT; then
// it halves each column in a tree and work-items of row 0 write the sums.
// Barriers open every halving step: the reduction is correct.
//
// The transposed layout makes every local access a column access of the
// work-group.  A 32-wide sub-group of an 8x32 group is 4 rows of 8 work-items
// (lx = 0..7, ly = 0..3); their words lx * 32 + ly fall in banks 0..3, 8
// distinct words in each: 8-way.  On 16 banks a sub-group is 2 rows of 8,
// still 8 words per bank.  The final read colT[lx][0] by the row-0 work-items
// (lx = 0..7) is 8 words in bank 0.  The usual one-float padding only
// halves this (colT[8][33]: 4-way on 32 banks); rows of 36 floats cure 32
// banks but leave 16 banks 2-way.  col_reduce_fixed.cl keeps the block in its
// natural layout and reduces across rows instead: no padding, no conflict.
//
// Expected degrees, per profile (every access below, the halving loop taken
// at its first step, s = 16):
//   store (1 access), halve (3: two reads, one write), result (1):
//   generic 8, nvidia 8, amd 8, intel 8
// expected-warning@#store {{8-way bank conflict on colT[lx][ly]}}
// expected-warning@#halve 3 {{8-way bank conflict on colT}}
// expected-warning@#result {{8-way bank conflict on colT[lx][0]}}
// generic-warning@#store {{8-way bank conflict on colT[lx][ly]}}
// generic-warning@#halve 3 {{8-way bank conflict on colT}}
// generic-warning@#result {{8-way bank conflict on colT[lx][0]}}
// nvidia-warning@#store {{8-way bank conflict on colT[lx][ly]}}
// nvidia-warning@#halve 3 {{8-way bank conflict on colT}}
// nvidia-warning@#result {{8-way bank conflict on colT[lx][0]}}
// amd-warning@#store {{8-way bank conflict on colT[lx][ly]}}
// amd-warning@#halve 3 {{8-way bank conflict on colT}}
// amd-warning@#result {{8-way bank conflict on colT[lx][0]}}
// intel-warning@#store {{8-way bank conflict on colT[lx][ly]}}
// intel-warning@#halve 3 {{8-way bank conflict on colT}}
// intel-warning@#result {{8-way bank conflict on colT[lx][0]}}

// The host launches one work-item per element: the matrix is at least as wide as the launch.
// clsynclint: assume n >= get_global_size(0) && n >= get_global_size(1)
__kernel __attribute__((reqd_work_group_size(8, 32, 1)))
void column_sums(__global const float *in, __global float *sums, int n)
{
    __local float colT[8][32];
    int lx = get_local_id(0), ly = get_local_id(1);
    int col = get_group_id(0) * 8 + lx;
    int row = get_group_id(1) * 32 + ly;

    colT[lx][ly] = in[row * n + col]; // #store
    for (int s = 16; s > 0; s /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (ly < s)
            colT[lx][ly] = colT[lx][ly] + colT[lx][ly + s]; // #halve
    }
    if (ly == 0)
        sums[get_group_id(1) * n + col] = colT[lx][0]; // #result
}
