// double_stride2.cl - ok_double_seq.cl with one double of space between
// neighbours: s[lid * 2].  Work-item i now touches words 4i and 4i + 1, so a
// 128-byte phase of 16 work-items covers words 0 .. 61 and uses banks
// {0, 1, 4, 5, ...}: half the banks, two words in each.  The 16-bank profile
// does the same with 8 work-items per phase.  Same results as
// ok_double_seq.cl, which it times against.
//
// Expected degree of both accesses (write #w, read #r), per profile:
//   generic 2, nvidia 2, amd 2, intel 2
// expected-warning@#w {{2-way bank conflict on s[lid * 2]}}
// expected-warning@#r {{2-way bank conflict on s}}
// generic-warning@#w {{2-way bank conflict on s[lid * 2]}}
// generic-warning@#r {{2-way bank conflict on s}}
// nvidia-warning@#w {{2-way bank conflict on s[lid * 2]}}
// nvidia-warning@#r {{2-way bank conflict on s}}
// amd-warning@#w {{2-way bank conflict on s[lid * 2]}}
// amd-warning@#r {{2-way bank conflict on s}}
// intel-warning@#w {{2-way bank conflict on s[lid * 2]}}
// intel-warning@#r {{2-way bank conflict on s}}

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void reverse_double(__global const double *in, __global double *out)
{
    __local double s[256 * 2];
    size_t lid = get_local_id(0);
    double v = in[get_global_id(0)];
    for (int round = 0; round < 16; round++) {
        s[lid * 2] = v;                      // #w
        barrier(CLK_LOCAL_MEM_FENCE);
        v = 0.5 * v + s[(255 - lid) * 2];    // #r
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = v;
}
