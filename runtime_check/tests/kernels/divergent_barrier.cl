// divergent_barrier.cl - harness test: a barrier reached by half a group.
//
// Only the work-items with lid < 32 execute the first barrier; the others
// go straight to the second one.  PoCL 3.1 crashes (SIGSEGV) on this, a GPU
// may hang or release the wrong waiters, and Oclgrind reports a work-group
// divergence.
__kernel void half_barrier(__global const float *in, __global float *out,
                           __local float *s)
{
    size_t lid = get_local_id(0);
    size_t lsz = get_local_size(0);
    size_t gid = get_global_id(0);

    s[lid] = in[gid];
    if (lid < 32) {
        barrier(CLK_LOCAL_MEM_FENCE);
        s[lid] *= 2.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = s[lsz - 1 - lid];
}
