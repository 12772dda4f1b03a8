// barrier(CLK_GLOBAL_MEM_FENCE) between two accesses to __local memory.
//
// Each work-group reverses its block of the input through a local buffer:
// work-item lid stores its element at rev[lid], and after the barrier reads
// rev[lsz - 1 - lid], which the mirror work-item stored. The barrier makes
// every work-item wait, but its flag fences only global memory: nothing
// promises that the mirror work-item's store to local memory is visible
// after it. Reported at the barrier (one finding, not a separate
// local-memory race). Fixed in global_fence_local_tile_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void reverse_blocks(__global const float *in, __global float *out,
                             __local float *rev)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    rev[lid] = in[gid];
    barrier(CLK_GLOBAL_MEM_FENCE); // expected-error {{does not order __local memory}}
    out[gid] = rev[lsz - 1 - lid];
}
