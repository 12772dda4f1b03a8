// The fixed twin of bounded_copy_reads_counter.cl: every work-item computes
// the bound from the argument instead of reading it from memory that
// another work-item writes.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void copy_valid(__global const float *src, __global float *dst,
                         __global int *count, int n)
{
    if (get_global_id(0) == 0)
        count[0] = n / 2;
    for (int i = get_global_id(0); i < n / 2; i += get_global_size(0))
        dst[i] = src[i];
}
