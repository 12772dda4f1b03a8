// `work_group_any` under a bounds check on get_global_linear_id().
//
// Does each work-group's slice of the data contain the key? Work-items past
// the end of the data skip the vote, so the collective is reached by only
// part of the last group. Every work-item must reach a work-group function;
// the bounds check belongs in its argument. Fixed in wg_any_search_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void contains_key(__global const int *data, __global int *hit,
                           int n, int key)
{
    size_t g = get_global_linear_id();
    int found = 0;

    if (g < (size_t)n)
        found = work_group_any(data[g] == key); // expected-error {{collective 'work_group_any' reached under divergent control flow}}

    if (get_local_linear_id() == 0)
        hit[get_group_id(0)] = found;
}
