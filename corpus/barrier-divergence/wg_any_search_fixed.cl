// Fixed twin of wg_any_search.cl.
//
// Every work-item votes; the ones past the end vote "no" through the bounds
// check inside the argument. The `&&` there guards a load, not a barrier.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void contains_key(__global const int *data, __global int *hit,
                           int n, int key)
{
    size_t g = get_global_linear_id();
    int found = work_group_any(g < (size_t)n && data[g] == key);

    if (get_local_linear_id() == 0)
        hit[get_group_id(0)] = found;
}
