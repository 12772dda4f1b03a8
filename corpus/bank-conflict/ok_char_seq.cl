// ok_char_seq.cl - one byte per work-item, consecutive: s[lid].  Four bytes
// share a bank word, so the 32 work-items of a sub-group touch only 8 words
// (and a 64-wide wavefront 16), each in its own bank; work-items 0..3 all
// touch word 0, which is a broadcast within the word, not a conflict.
//
// Correct code: each work-item writes its own byte, a barrier, then
// work-item i reads the byte of work-item 255 - i.
//
// Expected: no conflict on any profile.
// expected-no-diagnostics
// generic-no-diagnostics
// nvidia-no-diagnostics
// amd-no-diagnostics
// intel-no-diagnostics

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void reverse_bytes(__global const uchar *in, __global uchar *out)
{
    __local uchar s[256];
    size_t lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[255 - lid];
}
