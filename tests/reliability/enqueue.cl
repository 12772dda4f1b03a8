// Device-side enqueue is not modelled.
__kernel void child(__global int *a) { a[get_global_id(0)] = 1; }
__kernel void k(__global int *a)
{
    queue_t q = get_default_queue();
    ndrange_t r = ndrange_1D(64);
    enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, r, ^{ child(a); });
}

// expected-note@7 {{unsupported: a call to 'enqueue_kernel'}}
