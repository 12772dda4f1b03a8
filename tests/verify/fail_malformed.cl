// MUST-REPORT: malformed expectation: missing '\}\}'
// A directive that cannot be parsed is an error, not silently ignored.
__kernel void k(__global float *a)
{
    if (get_local_id(0) == 0)
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached
}
