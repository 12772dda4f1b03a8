// barrier(CLK_LOCAL_MEM_FENCE) where the data that the work-group shares is
// staged in __global memory.
//
// A block reversal written for a device without much local memory: each
// work-item stages its scaled sample in a global scratch buffer, the group
// waits at a barrier, and each work-item then reads the sample of its mirror
// work-item in the same block. The barrier does make the work-items wait,
// but its flags fence only __local memory: nothing says that the mirror's
// store to `stage` is visible yet. This is a barrier-fence finding, not a
// global-memory-race one: the barrier is there, its flags are wrong.
// CPU implementations treat every barrier as a full one and give the right
// answer; Oclgrind reports the race; a GPU may serve the load from a cache
// that the local fence does not invalidate.
// Reported at the barrier. Fixed in reverse_global_stage_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void reverse_blocks(__global const float *in, __global float *stage,
                             __global float *out)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int base = get_group_id(0) * lsz;

    stage[gid] = 2.0f * in[gid];
    barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{does not order __global memory}}

    out[gid] = stage[base + (lsz - 1 - lid)];
}
