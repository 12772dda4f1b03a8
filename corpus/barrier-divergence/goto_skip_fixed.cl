// Fixed twin of goto_skip.cl.
//
// No jump: an invalid sample publishes 0 in the tile, every work-item
// executes the barrier, and only the valid samples compute their ratio.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void log_ratio(__global const float *x, __global float *out,
                        __local float *logs)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    float v = x[gid];
    float r = 0.0f;

    logs[lid] = v > 0.0f ? log(v) : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (v > 0.0f)
        r = logs[lid] - logs[(lid + 1) % lsz];
    out[gid] = r;
}
