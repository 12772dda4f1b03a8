// probe: OpenCL C 2.0 atomics (atomic_int, atomic_fetch_add_explicit with a
// memory scope), -cl-std=CL2.0.  Counts the work-items: deterministic.
__kernel void probe(__global const float *in, __global atomic_int *count, __local float *s)
{
    atomic_fetch_add_explicit(count, 1, memory_order_relaxed, memory_scope_device);
    (void)in;
    (void)s;
}
