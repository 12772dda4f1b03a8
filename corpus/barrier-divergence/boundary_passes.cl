// A variable assigned under divergent control decides a loop with barriers.
//
// A few passes of a three-point smoother over each work-group's tile. The two
// end points of the whole array are boundary values that must not change, and
// the author keeps them fixed by setting their pass count to 0. `passes` is
// uniform until that assignment, but after it its value depends on which
// work-item is asking, so the loop's trip count -- and with it the number of
// barriers executed -- differs inside the first and the last work-group.
// Fixed in boundary_passes_fixed.cl: everyone runs every pass and the
// boundary points only skip the update.
// RUN-CONFIG: --local-size=64
__kernel void smooth_passes(__global const float *in, __global float *out,
                            __local float *tile, int npasses)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    int passes = npasses;
    if (gid == 0 || gid == get_global_size(0) - 1)
        passes = 0;

    float v = in[gid];
    for (int p = 0; p < passes; p++) {
        tile[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        float left = lid > 0 ? tile[lid - 1] : v;
        float right = lid < lsz - 1 ? tile[lid + 1] : v;
        v = 0.5f * v + 0.25f * (left + right);
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
    }
    out[gid] = v;
}
