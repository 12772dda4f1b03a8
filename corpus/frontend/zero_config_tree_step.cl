// Zero configuration, a known miss: a tree reduction whose first step is
// half a work-group size WGS that nothing defines, with the barrier missing
// from its loop.
//
// With WGS written as a number (-D WGS=256) the steps are numbers, and the
// race is found: work-item 0 reads lm[64] in the step of 64 while work-item
// 64 may still update it in the step of 128. With WGS an unknown, each step
// is WGS / 2 shifted right by the iteration count, a question about the
// unknown and the iterations of two work-items together that the solver
// does not settle within its limit: the pair is reported as undecided (an
// unsupported note), and the race is missed.
// XFAIL: steps that start from a macro constant (WGS / 2 >> k) exceed the solver's limit
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
