// A tree reduction that works for any work-group size: quiet.
//
// Maximum per work-group, without assuming a power-of-two work-group size:
// at each step the active range of `n` entries folds its upper half onto
// its lower half, where the upper half has n / 2 entries and the lower half
// (n + 1) / 2. `n` starts at get_local_size(0) and changes in the same way
// in every work-item, so the loop runs the same number of times everywhere
// and every barrier in it is reached by the whole group.
// RUN-CONFIG: --local-size=48
// expected-no-diagnostics
__kernel void block_max_any_size(__global const float *in, __global float *block_max,
                                 __local float *s)
{
    int lid = get_local_id(0);

    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int n = get_local_size(0); n > 1; ) {
        int upper = (n + 1) / 2;
        if (lid < n - upper)
            s[lid] = fmax(s[lid], s[lid + upper]);
        barrier(CLK_LOCAL_MEM_FENCE);
        n = upper;
    }

    if (lid == 0)
        block_max[get_group_id(0)] = s[0];
}
