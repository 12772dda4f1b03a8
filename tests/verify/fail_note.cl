// MUST-REPORT: expected note not seen
// In a file that checks notes, a missing note fails.
__kernel void k(__global float *a)
{
    if (get_local_id(0) == 0)
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached}}
    // expected-note@-2 {{depends on get_global_id}}
}
