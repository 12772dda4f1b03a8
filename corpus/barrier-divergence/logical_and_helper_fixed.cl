// Fixed twin of logical_and_helper.cl.
//
// `starts_run` is called by every work-item before any short-circuit test,
// so every work-item executes its barriers; the padding keys are filtered
// out afterwards.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
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

    int start = starts_run(keys, k);
    if (k >= 0 && start)
        is_start[gid] = 1;
    else
        is_start[gid] = 0;
}
