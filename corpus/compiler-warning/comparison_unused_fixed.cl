// comparison_unused.cl with the assignment it meant: no warning.
// RUN-CONFIG: --compiler-warnings
// expected-no-diagnostics
__kernel void scale(__global float *x, float f, int n)
{
    int i = get_global_id(0);
    if (i < n)
        x[i] = x[i] * f;
}
