// MUST-REPORT: no expected-\.\.\. directive
// A corpus file with no expectation at all is an error: say what you expect.
__kernel void k(__global float *a)
{
    a[get_global_id(0)] = 1.0f;
}
