// Zero configuration: a tree reduction whose first step is half a
// work-group size WGS that nothing defines, with the barrier missing from
// its loop.
//
// With WGS an unknown, each step is WGS / 2 shifted right by the iteration
// count: a question about the unknown and the iterations of two work-items
// together. The incremental solver gives up on it within its limit; asked
// again of a fresh solver with the same assertions, it is settled in
// milliseconds and the race is found (a known miss before): a work-item reads
// an element that another may still be updating in the step before. The
// fixed twin (a barrier in the loop) is quiet.
__kernel __attribute__((reqd_work_group_size(WGS, 1, 1)))
void tree_sum(__global const float *in, __global float *out)
{
    __local float lm[WGS];
    int lid = get_local_id(0);
    lm[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = WGS / 2; s > 0; s >>= 1) {
        if (lid < s)
            lm[lid] += lm[lid + s]; // expected-error {{local-memory race on lm[}}
    }
    if (lid == 0)
        out[get_group_id(0)] = lm[0];
}
