// row_sums_guarded.cl - each work-item stages its own row of 16 floats in
// __local memory and sums it, under the usual bounds guard (if (gid < n)).
// Rows of 16 words put work-items 2 apart (32 banks) or 1 apart (16 banks)
// in one bank: each access of the loop is 16-way. The guard compares the
// global id with an argument: the data's size, which the analysis takes to
// span the launch (as the race rules do). It used to hide the conflict: a
// size of 0 or 1 turns the sub-group off, and the degree "depended" on it
// (col_reduce.cl and others state the size with an assume comment
// instead). Fixed in row_sums_guarded_fixed.cl by rows of 17 words.
//
// Expected degrees, per profile (both accesses, the loop at j = 0):
//   generic 16, nvidia 16, amd 16, intel 16
// RUN-CONFIG: --local-size=64
// expected-warning@#write {{16-way bank conflict on rows[lid][j]}}
// expected-warning@#read {{16-way bank conflict on rows[lid][j]}}
// generic-warning@#write {{16-way bank conflict on rows[lid][j]}}
// generic-warning@#read {{16-way bank conflict on rows[lid][j]}}
// nvidia-warning@#write {{16-way bank conflict on rows[lid][j]}}
// nvidia-warning@#read {{16-way bank conflict on rows[lid][j]}}
// amd-warning@#write {{16-way bank conflict on rows[lid][j]}}
// amd-warning@#read {{16-way bank conflict on rows[lid][j]}}
// intel-warning@#write {{16-way bank conflict on rows[lid][j]}}
// intel-warning@#read {{16-way bank conflict on rows[lid][j]}}
__kernel void row_sums(__global const float *in, __global float *out, int n)
{
    __local float rows[64][16];
    int lid = get_local_id(0), gid = get_global_id(0);
    if (gid < n)
        for (int j = 0; j < 16; j++)
            rows[lid][j] = in[gid * 16 + j]; // #write
    barrier(CLK_LOCAL_MEM_FENCE);
    if (gid < n) {
        float s = 0.0f;
        for (int j = 0; j < 16; j++)
            s += rows[lid][j]; // #read
        out[gid] = s;
    }
}
