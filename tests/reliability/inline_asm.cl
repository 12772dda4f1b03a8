// Inline assembly is not modelled.
__kernel void k(__global float *a)
{
    __asm__("nop");
    a[get_global_id(0)] = 1.0f;
}

// expected-note@4 {{unsupported: inline assembly}}
