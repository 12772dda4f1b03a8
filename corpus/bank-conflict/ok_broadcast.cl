// ok_broadcast.cl - many work-items reading the same word.  The first 32
// work-items stage 32 coefficients; after the barrier every work-item reads
// coef[0] (one word for the whole sub-group) and coef[lid / 8] (8 neighbours
// share each word, 4 words per sub-group).  A bank returns one word to any
// number of work-items in the same request, so reading the same word is a
// broadcast, not a conflict: only distinct words in one bank serialize.
//
// Expected: no conflict on any profile.
// expected-no-diagnostics
// generic-no-diagnostics
// nvidia-no-diagnostics
// amd-no-diagnostics
// intel-no-diagnostics

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void scale(__global const float *in, __global const float *coefficients, __global float *out)
{
    __local float coef[32];
    size_t lid = get_local_id(0);
    if (lid < 32)
        coef[lid] = coefficients[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = in[get_global_id(0)] * coef[lid / 8] + coef[0];
}
