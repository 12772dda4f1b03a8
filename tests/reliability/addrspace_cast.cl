// A cast from the generic address space to a named one is not modelled: the
// access through it cannot be tied to an object.
void store(float *p, float v)
{
    __global float *g = (__global float *)p; // expected-note {{unsupported: a pointer cast between address spaces}}
    *g = v;
}
__kernel void k(__global float *a)
{
    store(a + get_global_id(0), 1.0f);
}
