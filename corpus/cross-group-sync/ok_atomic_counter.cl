// A global counter that every work-item of every work-group increments
// atomically, with no read-back in the kernel: correct, quiet.
//
// Each work-item whose sample is negative increments counts[0]; the host
// clears it before the launch and reads it after. Atomics on one location do
// not race with each other, whichever groups they come from, and no loop
// waits on the counter, so no work-group depends on another. This is what a
// kernel should do with a value that all groups contribute to.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void count_negative(__global const float *x, volatile __global int *counts)
{
    if (x[get_global_id(0)] < 0.0f)
        atomic_inc(&counts[0]);
}
