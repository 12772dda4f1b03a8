// ok_stride_1.cl - one float per work-item at s[lid * 1]: a stride of 1 word.
//
// Word = 1 * lid, bank = word mod banks.
// Consecutive work-items touch consecutive words, one word per bank: the
// reference layout, conflict-free on every profile.
//
// The kernel is correct: each work-item writes its own slot, a barrier
// publishes it, work-item i reads the slot of work-item 63 - i, and a
// second barrier keeps the next round's write after that read.  Every
// stride_N / ok_stride_N kernel computes the same result, so they time
// against each other (manifest.ini).
//
// Expected: no conflict on any profile.
// expected-no-diagnostics
// generic-no-diagnostics
// nvidia-no-diagnostics
// amd-no-diagnostics
// intel-no-diagnostics

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void strided(__global const float *in, __global float *out)
{
    __local float s[64 * 1];
    size_t lid = get_local_id(0);
    float v = in[get_global_id(0)];
    for (int round = 0; round < 16; round++) {
        s[lid * 1] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = 0.5f * v + s[(63 - lid) * 1];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = v;
}
