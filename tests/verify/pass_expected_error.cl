// The harness accepts a kernel whose diagnostics match its expectations:
// @+N, @-N, @LINE and @#marker forms, a count, and notes.
__kernel void k(__global float *a, __local float *s)
{
    int lid = get_local_id(0);
    if (lid == 3) // #cond
        // expected-error@+1 {{barrier reached under divergent control flow}}
        barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 4) { barrier(CLK_LOCAL_MEM_FENCE); barrier(CLK_LOCAL_MEM_FENCE); } // expected-error 2 {{divergent control flow}}
    if (lid > 4)
        barrier(CLK_LOCAL_MEM_FENCE); // #b3
    // expected-error@#b3 {{not every work-item}}
    // expected-note@#cond {{depends on 'lid', which depends on get_local_id(0) (line 5)}}
    // expected-note@9 2 {{branch condition depends on}}
    // expected-note@-5 {{branch condition}}
}
