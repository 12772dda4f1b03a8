// Fixed twin of ternary_helper.cl.
//
// The barrier-containing helper is called by every work-item, outside the
// conditional expression; inactive work-items contribute 0. The `?:` that
// remains only selects between two values and holds no barrier.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
float block_total(__local float *scratch, float v)
{
    int lid = get_local_id(0);
    scratch[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        float t = 0.0f;
        for (int i = 0; i < get_local_size(0); i++)
            t += scratch[i];
        scratch[0] = t;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float total = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    return total;
}

__kernel void shares(__global const float *in, __global float *share,
                     __local float *scratch, int active)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    float v = in[gid];

    float total = block_total(scratch, lid < active ? v : 0.0f);
    share[gid] = lid < active ? v / total : 0.0f;
}
