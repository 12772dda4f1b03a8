// The fixed twin of barrier_zero.cl: barrier(CLK_LOCAL_MEM_FENCE), so the
// samples stored before the barrier are visible to every work-item of the
// group after it.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void max_pool4(__global const float *in, __global float *out, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    s[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);

    int q = lsz / 4;
    if (lid < q) {
        float m = fmax(fmax(s[lid], s[lid + q]), fmax(s[lid + 2 * q], s[lid + 3 * q]));
        out[get_group_id(0) * q + lid] = m;
    }
}
