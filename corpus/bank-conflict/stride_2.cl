// stride_2.cl - one float per work-item at s[lid * 2]: a stride of 2 words.
//
// Word = 2 * lid, bank = word mod banks.
// A stride of two words leaves the odd banks unused: the 32 work-items of
// a request share 16 banks, two words in each (2-way on every profile).
//
// The kernel is correct: each work-item writes its own slot, a barrier
// publishes it, work-item i reads the slot of work-item 63 - i, and a
// second barrier keeps the next round's write after that read.  Every
// stride_N / ok_stride_N kernel computes the same result, so they time
// against each other (manifest.ini).
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

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void strided(__global const float *in, __global float *out)
{
    __local float s[64 * 2];
    size_t lid = get_local_id(0);
    float v = in[get_global_id(0)];
    for (int round = 0; round < 16; round++) {
        s[lid * 2] = v;                     // #w
        barrier(CLK_LOCAL_MEM_FENCE);
        v = 0.5f * v + s[(63 - lid) * 2];   // #r
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = v;
}
