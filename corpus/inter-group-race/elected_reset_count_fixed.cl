// The fixed twin of elected_reset_count.cl: the host zeroes the counter
// before the launch, and the kernel only counts.
// expected-no-diagnostics
__kernel void count_items(__global int *count)
{
    atomic_inc(count);
}
