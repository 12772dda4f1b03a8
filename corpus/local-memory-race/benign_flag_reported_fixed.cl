// The twin of benign_flag_reported.cl that is race-free to the letter of
// the memory model: the flag is set with atomic_or, and atomics on one
// location do not race with each other. Quiet even with --report-benign.
// RUN-CONFIG: --local-size=64 --report-benign
// expected-no-diagnostics
__kernel void has_negative(__global const float *samples, __global int *group_flags)
{
    __local int found;
    int lid = get_local_id(0);

    if (lid == 0)
        found = 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (samples[get_global_id(0)] < 0.0f)
        atomic_or(&found, 1);
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0)
        group_flags[get_group_id(0)] = found;
}
