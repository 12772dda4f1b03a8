// Every work-group stores its own maximum into result[0]: the last group to
// get there wins.
//
// Each work-group finds the maximum of its 64 values with a tree reduction
// in __local memory (correctly synchronized), and work-item 0 then stores it
// as "the" maximum. Every group stores a different value into the same
// element, in whatever order the device runs them: the result is the maximum
// of some group, not of the whole array. A constant index written by every
// work-group with values that depend on the group is an inter-group race;
// the barriers inside the reduction order nothing between groups.
// Reported at the store. Fixed in global_max_last_writer_fixed.cl.
// RUN-CONFIG: --local-size=64 --num-groups=4
__kernel void array_max(__global const int *x, __global int *result, __local int *scratch)
{
    int lid = get_local_id(0);

    scratch[lid] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = get_local_size(0) / 2; step > 0; step /= 2) {
        if (lid < step)
            scratch[lid] = max(scratch[lid], scratch[lid + step]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        result[0] = scratch[0]; // expected-error {{inter-group race on result}}
}
