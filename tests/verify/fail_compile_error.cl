// MUST-REPORT: unexpected error: use of undeclared identifier
// A kernel that does not compile fails verification unless the error is expected.
// expected-no-diagnostics
__kernel void k(__global float *a)
{
    a[0] = nope;
}
