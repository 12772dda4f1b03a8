// The fixed twin of write_read_fence_pair.cl: one barrier(CLK_LOCAL_MEM_FENCE)
// between the stores and the de-interleaving loads replaces both fences.
// (The stride-2 reads are a 2-way bank conflict; bank-conflict is disabled
// here because this folder is about synchronization.)
// RUN-CONFIG: --local-size=64 --disable=bank-conflict
// expected-no-diagnostics
__kernel void deinterleave(__global const float *in, __global float *out, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int half_size = get_local_size(0) / 2;

    s[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);

    float v;
    if (lid < half_size)
        v = s[2 * lid];
    else
        v = s[2 * (lid - half_size) + 1];
    out[gid] = v;
}
