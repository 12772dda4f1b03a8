// RUN-CONFIG: -D N=4
// The RUN-CONFIG flags reach the compiler: without -D N this does not compile.
// expected-no-diagnostics
__kernel void k(__global float *a)
{
    a[get_global_id(0)] = N;
}
