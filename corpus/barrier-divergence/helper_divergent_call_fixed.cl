// Fixed twin of helper_divergent_call.cl.
//
// Every work-item calls `group_sum`, so every work-item executes its
// barriers; the bounds check now guards only the load and the store.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
float group_sum(__local float *scratch, float v)
{
    int lid = get_local_id(0);
    scratch[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float total = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE); /* scratch may be reused by the caller */
    return total;
}

__kernel void center_blocks(__global const float *in, __global float *out,
                            __local float *scratch, int n)
{
    int gid = get_global_id(0);
    int lsz = get_local_size(0);
    int first = get_group_id(0) * lsz;
    int count = min(lsz, n - first);

    float v = gid < n ? in[gid] : 0.0f;
    float total = group_sum(scratch, v);
    if (gid < n)
        out[gid] = v - total / (float)count;
}
