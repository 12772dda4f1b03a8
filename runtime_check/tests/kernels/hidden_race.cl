// hidden_race.cl - harness test: a race that PoCL hides and Oclgrind reports.
//
// Each work-item adds its left neighbour's input, read from __local memory
// without a barrier after the write.  PoCL runs the work-items of a group in
// order, so work-item k - 1 has always written s[k - 1] by the time
// work-item k reads it: the output is right on PoCL.  It is a read-write
// race all the same, and Oclgrind reports it.
__kernel void left_sum(__global const int *in, __global int *out,
                       __local int *s)
{
    size_t lid = get_local_id(0);
    size_t gid = get_global_id(0);

    s[lid] = in[gid];
    out[gid] = s[lid] + (lid > 0 ? s[lid - 1] : 0);
}
