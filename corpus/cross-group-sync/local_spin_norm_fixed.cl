// The fixed twin of local_spin_norm.cl: the work-items wait for the last
// one at a barrier(CLK_LOCAL_MEM_FENCE), which every work-item of the group
// reaches (it sits outside the `if`), instead of spinning. The barrier both
// makes them wait and makes the norm visible; no sentinel is needed.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void normalize_blocks(__global const float *x, __global float *y)
{
    __local float norm;
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    if (lid == lsz - 1) {
        int base = get_group_id(0) * lsz;
        float ss = 0.0f;
        for (int k = 0; k < lsz; k++)
            ss += x[base + k] * x[base + k];
        norm = sqrt(ss);
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    y[gid] = x[gid] / norm;
}
