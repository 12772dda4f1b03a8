// A flag written by work-item 0 and read by everybody after a barrier, then
// used as a branch condition around another barrier: quiet.
//
// Blocks whose peak exceeds `limit` are scaled down and smoothed; others
// are copied. Work-item 0 finds the peak and sets the group's flag in local
// memory; after the barrier every work-item loads the flag from the same
// address and so sees the same value. The branch on it is uniform even
// though the flag was written under `if (lid == 0)`, and the barrier inside
// it is reached by the whole group or by nobody.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void clamp_blocks(__global const float *in, __global float *out,
                           __local float *vals, float limit)
{
    __local int needs_clamp;
    __local float peak;
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    vals[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        float m = 0.0f;
        for (int i = 0; i < lsz; i++)
            m = fmax(m, fabs(vals[i]));
        peak = m;
        needs_clamp = m > limit;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (needs_clamp) {
        float scaled = vals[lid] * (limit / peak);
        barrier(CLK_LOCAL_MEM_FENCE);
        vals[lid] = scaled;
        barrier(CLK_LOCAL_MEM_FENCE);
        out[gid] = 0.5f * (vals[lid] + vals[(lid + 1) % lsz]);
    } else {
        out[gid] = vals[lid];
    }
}
