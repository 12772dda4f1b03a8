// A quiet kernel that says so.
// expected-no-diagnostics
__kernel void k(__global float *a)
{
    a[get_global_id(0)] = 1.0f;
}
