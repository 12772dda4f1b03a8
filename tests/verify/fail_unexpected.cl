// MUST-REPORT: unexpected error: barrier reached under divergent control flow
// A diagnostic nobody expected must fail.
// expected-no-diagnostics
__kernel void k(__global float *a)
{
    if (get_local_id(0) == 0)
        barrier(CLK_LOCAL_MEM_FENCE);
}
