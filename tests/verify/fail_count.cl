// MUST-REPORT: \(1 of 2 seen\)
// A count that is not met must fail.
__kernel void k(__global float *a)
{
    if (get_local_id(0) == 0)
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error 2 {{barrier reached}}
}
