// missing_barrier.cl - harness test: a missing barrier gives a wrong result.
//
// Each work-group reverses its tile through __local memory, but no barrier
// separates the write of s[lid] from the read of s[lsz - 1 - lid]: a
// work-item reads a slot that its partner has not written yet.  PoCL runs the
// work-items of a group one after the other, so the first half reads stale
// slots and the output differs from missing_barrier_fixed.cl's; Oclgrind
// reports a read-write race.
__kernel void reverse_tile(__global const float *in, __global float *out,
                           __local float *s)
{
    size_t lid = get_local_id(0);
    size_t lsz = get_local_size(0);
    size_t gid = get_global_id(0);

    s[lid] = in[gid];
    out[gid] = s[lsz - 1 - lid];
}
