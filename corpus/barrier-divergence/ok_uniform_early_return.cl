// Early returns on uniform conditions before barriers: quiet.
//
// Scaled per-group sums. `if (n == 0) return;` tests a kernel argument and
// the second return tests whether the whole group lies past the end of the
// data: both conditions have the same value in every work-item of a group,
// so either the whole group leaves or nobody does. The remaining,
// per-work-item bounds check guards the load only.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void scaled_block_sums(__global const float *in, __global float *sums,
                                __local float *s, int n, float scale)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    if (n == 0)
        return;
    if (get_group_id(0) * lsz >= n)
        return;

    s[lid] = gid < n ? scale * in[gid] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int w = lsz / 2; w > 0; w >>= 1) {
        if (lid < w)
            s[lid] += s[lid + w];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        sums[get_group_id(0)] = s[0];
}
