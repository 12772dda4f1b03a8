// A bounded loop whose bound another work-group writes: a race, not a wait.
//
// Group 0 publishes how many elements are valid in count[0]; every group
// then copies that many elements with a grid-stride loop. The loop's exit
// reads count[0], which work-item 0 writes with nothing ordering the two:
// a race, reported once, as global-memory-race, since it already happens
// inside group 0 (other groups race with it too). But the
// loop is not a spin-wait: its own counter i moves on every iteration, so
// it ends whatever value it reads, and no group waits for another. Only a
// loop whose exit depends on nothing it advances itself is reported as
// cross-group-sync (compare volatile_flag_sync.cl).
// Fixed in bounded_copy_reads_counter_fixed.cl.
// RUN-CONFIG: --local-size=64 --num-groups=4
__kernel void copy_valid(__global const float *src, __global float *dst,
                         __global int *count, int n)
{
    if (get_global_id(0) == 0)
        count[0] = n / 2;
    // expected-error@+1 {{global-memory race on count}}
    for (int i = get_global_id(0); i < count[0]; i += get_global_size(0))
        dst[i] = src[i];
}
