// A call to a barrier-containing helper as the right operand of `&&` whose
// left operand differs between work-items.
//
// Segmentation of a sorted key array: a work-item marks the start of a run
// when its key differs from its left neighbour's. Negative keys are padding
// and the author skips them with `k >= 0 && starts_run(...)`. Short-circuit
// evaluation is a branch: the padding work-items never call `starts_run`,
// never reach its barriers, and the group waits for them. Fixed in
// logical_and_helper_fixed.cl: the helper is called first, by everyone, and
// its result is combined with the key test afterwards.
// RUN-CONFIG: --local-size=64
int starts_run(__local int *keys, int k)
{
    int lid = get_local_id(0);
    keys[lid] = k;
    barrier(CLK_LOCAL_MEM_FENCE);
    int start = lid == 0 || keys[lid - 1] != k;
    barrier(CLK_LOCAL_MEM_FENCE);
    return start;
}

__kernel void mark_runs(__global const int *sorted, __global int *is_start,
                        __local int *keys)
{
    int gid = get_global_id(0);
    int k = sorted[gid];

    if (k >= 0 && starts_run(keys, k)) // expected-error {{call to 'starts_run', which executes a barrier}}
        is_start[gid] = 1;
    else
        is_start[gid] = 0;
}
