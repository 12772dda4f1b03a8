// MUST-REPORT: expected warning not seen
// The right text with the wrong severity must fail.
__kernel void k(__global float *a)
{
    if (get_local_id(0) == 0)
        barrier(CLK_LOCAL_MEM_FENCE); // expected-warning {{barrier reached}}
}
