// stride_32.cl - one float per work-item at s[lid * 32]: a stride of 32 words.
//
// Word = 32 * lid, bank = word mod banks.
// A stride of thirty-two words puts every work-item in bank 0: 32 words
// in one bank where a request serves 32 work-items, 16 on the 16-bank
// profile, where a request serves 16.
//
// The kernel is correct: each work-item writes its own slot, a barrier
// publishes it, work-item i reads the slot of work-item 63 - i, and a
// second barrier keeps the next round's write after that read.  Every
// stride_N / ok_stride_N kernel computes the same result, so they time
// against each other (manifest.ini).
//
// Expected degree of both accesses (write #w, read #r), per profile:
//   generic 32, nvidia 32, amd 32, intel 16
// expected-warning@#w {{32-way bank conflict on s[lid * 32]}}
// expected-warning@#r {{32-way bank conflict on s}}
// generic-warning@#w {{32-way bank conflict on s[lid * 32]}}
// generic-warning@#r {{32-way bank conflict on s}}
// nvidia-warning@#w {{32-way bank conflict on s[lid * 32]}}
// nvidia-warning@#r {{32-way bank conflict on s}}
// amd-warning@#w {{32-way bank conflict on s[lid * 32]}}
// amd-warning@#r {{32-way bank conflict on s}}
// intel-warning@#w {{16-way bank conflict on s[lid * 32]}}
// intel-warning@#r {{16-way bank conflict on s}}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void strided(__global const float *in, __global float *out)
{
    __local float s[64 * 32];
    size_t lid = get_local_id(0);
    float v = in[get_global_id(0)];
    for (int round = 0; round < 16; round++) {
        s[lid * 32] = v;                    // #w
        barrier(CLK_LOCAL_MEM_FENCE);
        v = 0.5f * v + s[(63 - lid) * 32];  // #r
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = v;
}
