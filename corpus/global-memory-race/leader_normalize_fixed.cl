// The fixed twin of leader_normalize.cl: a barrier(CLK_GLOBAL_MEM_FENCE)
// after work-item 0's store makes every work-item of the group wait for it
// and makes block_max[group] visible to all of them. The barrier is outside
// the `if (lid == 0)`, so the whole group reaches it. Only the group's own
// slot is involved, so no other work-group needs to be waited for.
// (A __local variable would be the usual home for such a value; the point
// here is that a global one needs the global fence.)
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void normalize_blocks(__global const float *x, __global float *y,
                               __global float *block_max)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int grp = get_group_id(0);
    int lsz = get_local_size(0);

    if (lid == 0) {
        float m = 1e-20f;
        for (int k = 0; k < lsz; k++)
            m = fmax(m, fabs(x[grp * lsz + k]));
        block_max[grp] = m;
    }
    barrier(CLK_GLOBAL_MEM_FENCE);

    y[gid] = x[gid] / block_max[grp];
}
