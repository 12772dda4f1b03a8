// The fixed twin of leader_store_no_barrier.cl: work-item 0 stores the
// baseline, then every work-item (not only work-item 0) waits at
// barrier(CLK_LOCAL_MEM_FENCE) before reading it.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void subtract_baseline(__global const float *samples,
                                __global const float *baselines,
                                __global float *out, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);

    if (lid == 0)
        s[0] = baselines[get_group_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);

    out[gid] = samples[gid] - s[0];
}
