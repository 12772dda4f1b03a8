// The fixed twin of global_fence_local_tile.cl: the barrier's flag is
// CLK_LOCAL_MEM_FENCE, the address space the two accesses share. (The
// kernel's global accesses are each work-item's own elements, so no global
// fence is needed.)
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void reverse_blocks(__global const float *in, __global float *out,
                             __local float *rev)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    rev[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = rev[lsz - 1 - lid];
}
