// Every work-item stores its own partial sum as the group's result.
//
// The group adds its elements in __local memory, but the author stores the
// result with out[get_group_id(0)] = s[lid] before the reduction has a
// single value to give: all 64 work-items of a group write the group's one
// element, each a different value, with no barrier between them. Which
// value stays depends on the order the work-items run in. Fixed in
// group_result_per_item_fixed.cl: every work-item stores s[0] after the
// reduction, one value for the whole group, which is a benign race that
// clsynclint does not report.
// RUN-CONFIG: --local-size=64
__kernel void block_sum(__global const float *in, __global float *out, __local float *s)
{
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = 32; step > 0; step /= 2) {
        if (lid < step)
            s[lid] += s[lid + step];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_group_id(0)] = s[lid]; // expected-error {{global-memory race on out}}
}
