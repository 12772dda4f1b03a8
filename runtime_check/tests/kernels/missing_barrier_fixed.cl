// missing_barrier_fixed.cl - harness test: the fixed twin of
// missing_barrier.cl; the barrier publishes every slot before any is read.
__kernel void reverse_tile(__global const float *in, __global float *out,
                           __local float *s)
{
    size_t lid = get_local_id(0);
    size_t lsz = get_local_size(0);
    size_t gid = get_global_id(0);

    s[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = s[lsz - 1 - lid];
}
