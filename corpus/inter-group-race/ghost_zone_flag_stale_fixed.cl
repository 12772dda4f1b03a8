// Ghost-zone smoothing, as blocked stencil codes write it: each work-group
// loads a tile of TILE samples, its own block plus STEPS halo samples on
// either side, runs STEPS smoothing passes in __local memory, and writes
// back the samples that are still exact after the last pass.
//
// Each pass loses one more sample at either edge of the tile, so the flag
// `exact` is set afresh in every pass and, after the loop, holds the last
// pass's answer: work-items STEPS .. TILE-1-STEPS, exactly the group's own
// block of TILE - 2*STEPS samples. The blocks of two groups are disjoint.
// The buggy version is ghost_zone_flag_stale.cl.
// expected-no-diagnostics
// RUN-CONFIG: --local-size=64 --num-groups=4
#define TILE 64
#define STEPS 4

__kernel void ghost_smooth(__global const float *in, __global float *out, int n)
{
    __local float a[TILE], b[TILE];
    int lid = get_local_id(0);
    int g = get_group_id(0) * (TILE - 2 * STEPS) - STEPS + lid;

    a[lid] = (g >= 0 && g < n) ? in[g] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    bool exact;
    for (int i = 0; i < STEPS; i++) {
        exact = false;
        if (lid > i && lid < TILE - 1 - i) {
            exact = true;
            b[lid] = 0.25f * a[lid - 1] + 0.5f * a[lid] + 0.25f * a[lid + 1];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (exact)
            a[lid] = b[lid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (exact && g >= 0 && g < n)
        out[g] = a[lid];
}
