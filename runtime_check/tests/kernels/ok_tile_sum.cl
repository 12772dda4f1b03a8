// ok_tile_sum.cl - harness test: a correct kernel, which must stay clean.
//
// Each work-group sums its tile with a tree reduction in __local memory; a
// barrier separates every step, so no work-item reads a slot another writes
// in the same step.  Every backend must give the same output on every run
// and on both local sizes of the manifest (the sums are over a fixed tile of
// 16 elements, whatever the work-group size).
__kernel void tile_sum(__global const float *in, __global float *out,
                       __local float *s)
{
    size_t lid = get_local_id(0);
    size_t lsz = get_local_size(0);
    size_t gid = get_global_id(0);

    s[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    // Sum each aligned block of 16 slots into its first slot.
    for (size_t stride = 8; stride > 0; stride >>= 1) {
        if ((lid & 15) < stride)
            s[lid] += s[lid + stride];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if ((lid & 15) == 0)
        out[gid / 16] = s[lid];
    (void)lsz;
}
