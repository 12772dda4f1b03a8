// The loop shape a polyhedral compiler emits: each work-group starts at its
// own tile of 32 rows (c0 = 32 * group id, the local id added in the index)
// and steps over a fixed grid of 64 groups (c0 += 2048). The grid this
// partitions the rows for has at most 2048 / 32 = 64 groups; more groups
// would start on another group's second tile. With the number of groups
// left open, group 64 overlapping group 0 made a false inter-group race.
// expected-no-diagnostics
__kernel void row_scale(__global const float *a, __global float *out, int m, int n)
{
    int b0 = get_group_id(0), t0 = get_local_id(0);
    __local float shared_a[32];
    for (int c0 = 32 * b0; c0 < m; c0 += 2048) {
        float acc = 0.0f;
        for (int c1 = 0; c1 < n; c1 += 32) {
            if (n >= t0 + c1 + 1)
                shared_a[t0] = a[(c0 / 32) * n + t0 + c1];
            barrier(CLK_LOCAL_MEM_FENCE);
            for (int c3 = 0; c3 < 32 && c3 < n - c1; c3++)
                acc += shared_a[c3];
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (m >= t0 + c0 + 1)
            out[t0 + c0] = acc * (float)(t0 + 1);
    }
}
