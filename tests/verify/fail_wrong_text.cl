// MUST-REPORT: expected error not seen
// The right line with the wrong text must fail.
__kernel void k(__global float *a)
{
    if (get_local_id(0) == 0)
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{local-memory race}}
}
