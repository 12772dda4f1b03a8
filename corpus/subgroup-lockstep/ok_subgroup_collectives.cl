// A block sum that uses sub-group collectives where older code would rely
// on warp lockstep: quiet.
//
// Each work-item adds its value with sub_group_reduce_add, which is defined
// for whatever sub-group size the device uses and synchronizes the
// sub-group itself. One work-item per sub-group stores the partial sum,
// a barrier orders those stores before work-item 0 reads them, and
// work-item 0 adds the partials. No work-item reads local memory another
// work-item wrote without a barrier between, and nothing assumes a
// sub-group size. Correct.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void block_sum(__global const float *x, __global float *sums, __local float *partial)
{
    float s = sub_group_reduce_add(x[get_global_id(0)]);
    if (get_sub_group_local_id() == 0)
        partial[get_sub_group_id()] = s;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (get_local_id(0) == 0) {
        float total = 0.0f;
        for (uint i = 0; i < get_num_sub_groups(); i++)
            total += partial[i];
        sums[get_group_id(0)] = total;
    }
}
