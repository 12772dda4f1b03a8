// A barrier under a divergent condition inside a branch that this launch
// never takes: with a single work-group, get_group_id(0) > 0 is false for
// every work-item, so no work-item reaches the barrier, and a barrier that
// nobody reaches diverges from nothing.
//
// With more than one group the inner barrier is divergent (only work-items
// 0 to 31 reach it) and it is reported; with the one-group launch given
// below it once was too (a false alarm for that launch, found by
// fuzz/kgen.py against Oclgrind, issue 20, seed 1316). A barrier is now
// reported only when some work-item can reach it.
// RUN-CONFIG: --local-size=64 --global-size=64
// expected-no-diagnostics
__kernel void carry_in(__global float *data)
{
    __local float s[64];
    int lid = get_local_id(0);
    s[lid] = data[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (get_group_id(0) > 0) {
        if (lid < 32) {
            s[lid] += s[lid + 32];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    data[lid] = s[63 - lid];
}
