// A benign race: every work-item that finds a negative sample writes the
// same constant 1 to one local flag. Quiet by default.
//
// Work-item 0 clears the flag, a barrier, then any number of work-items set
// it to 1 with no ordering among them, a barrier, and work-item 0 reports
// it. The only unordered accesses are stores of one and the same value, so
// whichever store lands last, the flag reads 1; clsynclint calls this a
// benign race and stays quiet unless --report-benign is given
// (benign_flag_reported.cl). Strictly, the OpenCL 2.0+ memory model still
// calls two unordered non-atomic stores a data race; code that must be
// conforming to the letter uses an atomic (atomic_or) instead.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void has_negative(__global const float *samples, __global int *group_flags)
{
    __local int found;
    int lid = get_local_id(0);

    if (lid == 0)
        found = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (samples[get_global_id(0)] < 0.0f)
        found = 1;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0)
        group_flags[get_group_id(0)] = found;
}
