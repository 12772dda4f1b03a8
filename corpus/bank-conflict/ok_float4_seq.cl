// ok_float4_seq.cl - one float4 per work-item, consecutive: s[lid].  A float4
// covers four bank words; a request is served in phases of 128 bytes (8
// work-items, 32 consecutive words) on the 32-bank profiles and of 64 bytes
// (4 work-items, 16 words) on the 16-bank one.  Every phase puts one word in
// each bank: no conflict, although the 32 work-items of a sub-group touch
// 128 words in 32 banks.
//
// Correct code: each work-item writes its own element, a barrier, then
// work-item i reads the element of work-item 255 - i.
//
// Expected: no conflict on any profile.
// expected-no-diagnostics
// generic-no-diagnostics
// nvidia-no-diagnostics
// amd-no-diagnostics
// intel-no-diagnostics

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void reverse_float4(__global const float4 *in, __global float4 *out)
{
    __local float4 s[256];
    size_t lid = get_local_id(0);
    float4 v = in[get_global_id(0)];
    for (int round = 0; round < 16; round++) {
        s[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = 0.5f * v + s[255 - lid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = v;
}
