// The benign race of ok_benign_flag.cl, reported because this file asks
// for --report-benign.
//
// The same kernel: work-items that see a negative sample all store 1 to
// `found` with nothing ordering the stores. Every store writes the same
// value, so the result does not depend on their order, and clsynclint is
// quiet about it by default. With --report-benign it reports the race
// (the OpenCL 2.0+ memory model calls unordered non-atomic stores a data
// race even when they store the same value). Reported at the store, which
// both accesses of the pair execute. The atomic version,
// benign_flag_reported_fixed.cl, is quiet even with --report-benign.
// RUN-CONFIG: --local-size=64 --report-benign
__kernel void has_negative(__global const float *samples, __global int *group_flags)
{
    __local int found;
    int lid = get_local_id(0);

    if (lid == 0)
        found = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (samples[get_global_id(0)] < 0.0f)
        found = 1; // expected-error {{local-memory race on found}}
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0)
        group_flags[get_group_id(0)] = found;
}
