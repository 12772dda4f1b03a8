// write_mem_fence after the stores and read_mem_fence before the loads, in
// place of a barrier.
//
// Each work-group de-interleaves a block of complex samples stored as
// (re, im) pairs: work-item lid stores one float of the block at s[lid],
// and then the first half of the group collects the real parts s[2 * k]
// and the second half the imaginary parts s[2 * k + 1], elements that other
// work-items stored. The author paired a write fence on the producing side
// with a read fence on the consuming side, as one would with
// release/acquire. Both fences only order the calling work-item's own
// accesses, and nothing makes the consumer wait for the producer: the
// element may not be stored yet. Each fence is reported: neither makes
// anybody wait. Fixed in write_read_fence_pair_fixed.cl.
// (The stride-2 reads are a 2-way bank conflict; bank-conflict is disabled
// here because this folder is about synchronization.)
// RUN-CONFIG: --local-size=64 --disable=bank-conflict
__kernel void deinterleave(__global const float *in, __global float *out, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int half_size = get_local_size(0) / 2;

    s[lid] = in[gid];
    write_mem_fence(CLK_LOCAL_MEM_FENCE); // expected-error {{does not synchronize work-items}}

    read_mem_fence(CLK_LOCAL_MEM_FENCE); // expected-error {{does not synchronize work-items}}
    float v;
    if (lid < half_size)
        v = s[2 * lid];
    else
        v = s[2 * (lid - half_size) + 1];
    out[gid] = v;
}
