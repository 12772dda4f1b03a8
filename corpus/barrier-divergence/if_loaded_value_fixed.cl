// Fixed twin of if_loaded_value.cl.
//
// The barrier that publishes the tile is executed by every work-item before
// the branch on the per-point flag; the branch itself only chooses between
// smoothing and copying, which needs no synchronization.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void masked_smooth(__global const float *in, __global const int *active,
                            __global float *out, __local float *tile)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    tile[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (active[gid]) {
        float left = lid > 0 ? tile[lid - 1] : tile[lid];
        float right = lid < lsz - 1 ? tile[lid + 1] : tile[lid];
        out[gid] = 0.25f * left + 0.5f * tile[lid] + 0.25f * right;
    } else {
        out[gid] = in[gid];
    }
}
