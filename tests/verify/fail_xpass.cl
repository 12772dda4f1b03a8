// MUST-REPORT: XPASS
// XFAIL: marked as a known miss, but it passes: the mark must be removed.
// expected-no-diagnostics
__kernel void k(__global float *a)
{
    a[get_global_id(0)] = 1.0f;
}
