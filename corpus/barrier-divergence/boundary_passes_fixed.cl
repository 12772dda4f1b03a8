// Fixed twin of boundary_passes.cl.
//
// Every work-item runs all `npasses` passes, a uniform trip count, so every
// barrier is reached by the whole group. The two boundary points still keep
// their value: they skip the update, not the synchronization.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void smooth_passes(__global const float *in, __global float *out,
                            __local float *tile, int npasses)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    int fixed_point = gid == 0 || gid == get_global_size(0) - 1;

    float v = in[gid];
    for (int p = 0; p < npasses; p++) {
        tile[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        float left = lid > 0 ? tile[lid - 1] : v;
        float right = lid < lsz - 1 ? tile[lid + 1] : v;
        if (!fixed_point)
            v = 0.5f * v + 0.25f * (left + right);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid] = v;
}
