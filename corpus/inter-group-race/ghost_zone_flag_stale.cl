// Ghost-zone smoothing with a flag that forgets the halo shrinks: each
// work-group loads its block plus STEPS halo samples on either side, runs
// STEPS smoothing passes in __local memory and writes back the samples it
// believes exact. But `exact` only excludes the two ends of the tile, the
// same in every pass, while each pass leaves one more sample at either
// edge computed from stale neighbours. After the last pass work-items
// 1 .. STEPS-1 and TILE-STEPS .. TILE-2 still count as exact: they write
// samples that the neighbouring group owns, with values that differ from
// the owner's. Work-item 57 of group 0 and work-item 1 of group 1 both
// write out[53]; which value stays depends on the order of the groups.
// Fixed in ghost_zone_flag_stale_fixed.cl, where the flag shrinks with
// the pass.
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
        if (lid > 0 && lid < TILE - 1) {
            exact = true;
            b[lid] = 0.25f * a[lid - 1] + 0.5f * a[lid] + 0.25f * a[lid + 1];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (exact)
            a[lid] = b[lid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (exact && g >= 0 && g < n)
        out[g] = a[lid]; // expected-error {{inter-group race on out}}
}
