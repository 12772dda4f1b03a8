// MUST-REPORT: FAIL
// The right message on the wrong line must fail (twice: missing and unexpected).
__kernel void k(__global float *a)
{
    if (get_local_id(0) == 0) // expected-error {{barrier reached}}
        barrier(CLK_LOCAL_MEM_FENCE);
}
