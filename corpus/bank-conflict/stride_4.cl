// stride_4.cl - one float per work-item at s[lid * 4]: a stride of 4 words.
//
// Word = 4 * lid, bank = word mod banks.
// A stride of four words uses every fourth bank: 8 of 32 banks for 32
// work-items (4 of 16 for 16), four words in each.
//
// The kernel is correct: each work-item writes its own slot, a barrier
// publishes it, work-item i reads the slot of work-item 63 - i, and a
// second barrier keeps the next round's write after that read.  Every
// stride_N / ok_stride_N kernel computes the same result, so they time
// against each other (manifest.ini).
//
// Expected degree of both accesses (write #w, read #r), per profile:
//   generic 4, nvidia 4, amd 4, intel 4
// expected-warning@#w {{4-way bank conflict on s[lid * 4]}}
// expected-warning@#r {{4-way bank conflict on s}}
// generic-warning@#w {{4-way bank conflict on s[lid * 4]}}
// generic-warning@#r {{4-way bank conflict on s}}
// nvidia-warning@#w {{4-way bank conflict on s[lid * 4]}}
// nvidia-warning@#r {{4-way bank conflict on s}}
// amd-warning@#w {{4-way bank conflict on s[lid * 4]}}
// amd-warning@#r {{4-way bank conflict on s}}
// intel-warning@#w {{4-way bank conflict on s[lid * 4]}}
// intel-warning@#r {{4-way bank conflict on s}}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void strided(__global const float *in, __global float *out)
{
    __local float s[64 * 4];
    size_t lid = get_local_id(0);
    float v = in[get_global_id(0)];
    for (int round = 0; round < 16; round++) {
        s[lid * 4] = v;                     // #w
        barrier(CLK_LOCAL_MEM_FENCE);
        v = 0.5f * v + s[(63 - lid) * 4];   // #r
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = v;
}
