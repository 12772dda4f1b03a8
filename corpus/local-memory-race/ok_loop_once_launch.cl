// A loop with one barrier per pass, whose next pass would overwrite s[lid]
// while a neighbour may still be reading it: a loop-carried race, but only
// when there is a next pass. It makes get_num_groups(0) passes, and the
// launch below has one group: one pass, nothing carried, nothing to report.
//
// A pair that meets only around the loop's back edge is in two different
// iterations of it, so the decision asks for two passes, and the launch
// allows one. (It was reported before, found by fuzz/kgen.py against
// Oclgrind, issue 20, seeds 764 and 2045.) With two groups, or a pass
// count fixed at two (loop_carried_two_passes.cl), the race is real and
// reported.
// RUN-CONFIG: --local-size=64 --global-size=64
// expected-no-diagnostics
__kernel void passes(__global const float *in, __global float *out)
{
    __local float s[64];
    int lid = get_local_id(0);
    float acc = 0.0f;
    for (int pass = 0; pass < get_num_groups(0); pass++) {
        s[lid] = in[pass * 64 + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += s[lid ^ 1];
    }
    out[get_global_id(0)] = acc;
}
