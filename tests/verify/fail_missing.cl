// MUST-REPORT: expected error not seen \(line 6\)
// An expectation with no diagnostic must fail.
__kernel void k(__global float *a)
{
    // expected-error@+1 {{barrier reached}}
    a[get_global_id(0)] = 1.0f;
}
