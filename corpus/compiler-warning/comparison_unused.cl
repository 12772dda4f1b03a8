// An assignment written as a comparison: the kernel never scales x.  The
// OpenCL C compiler warns, and --compiler-warnings shows its warning as a
// compiler-warning finding.
// RUN-CONFIG: --compiler-warnings
__kernel void scale(__global float *x, float f, int n)
{
    int i = get_global_id(0);
    if (i < n)
        x[i] == x[i] * f; // expected-warning {{equality comparison result unused}}
}
