// The fixed twin of clamp_edge_blur.cl: a barrier between the stores and
// the clamped neighbour reads.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void blur3(__global const float *in, __global float *out)
{
    __local float s[64];
    int lid = get_local_id(0);
    int gid = get_global_id(0);

    s[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    float left = s[clamp(lid - 1, 0, 63)];
    float right = s[clamp(lid + 1, 0, 63)];
    out[gid] = 0.25f * left + 0.5f * s[lid] + 0.25f * right;
}
