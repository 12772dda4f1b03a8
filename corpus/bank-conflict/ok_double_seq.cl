// ok_double_seq.cl - one double per work-item, consecutive: s[lid].  Each
// double covers two bank words, so 32 work-items touch 64 words and a
// 32-bank memory could not serve them in one pass; the hardware does not
// try.  It serves a request in phases of 128 bytes (64 on the 16-bank
// profile): 16 doubles, 32 consecutive words, one per bank.  Within every
// phase each bank gets one word: no conflict on any profile.  A model that
// ignored phases would call this 2-way.
//
// Correct code: each work-item writes its own element, a barrier, then work-item
// i reads the element of work-item 255 - i.
//
// Expected: no conflict on any profile.
// expected-no-diagnostics
// generic-no-diagnostics
// nvidia-no-diagnostics
// amd-no-diagnostics
// intel-no-diagnostics

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void reverse_double(__global const double *in, __global double *out)
{
    __local double s[256];
    size_t lid = get_local_id(0);
    double v = in[get_global_id(0)];
    for (int round = 0; round < 16; round++) {
        s[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = 0.5 * v + s[255 - lid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = v;
}
