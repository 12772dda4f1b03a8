// XFAIL: an expected failure stays green while it fails (here: the
// expectation names a diagnostic that no rule produces).
__kernel void k(__global float *a)
{
    // expected-error@+1 {{this message does not exist}}
    a[get_global_id(0)] = 1.0f;
}
