// Short-lived variables in sequential scopes: quiet.
//
// A smoothing pass whose temporaries live in separate scopes. The loop's
// `i`, `left`, `right` and `mid` differ between work-items; their scopes end
// with the loop. The last stage declares `scale` and assigns it from the
// uniform argument `w` before any read, so the branch on it is taken by the
// whole group alike and its barrier is fine. The uniformity analysis lets
// variables that are never live at once share one bit of its state; this
// kernel checks that `scale` does not inherit the level of the loop's
// temporaries it shares with (`j`, just before it, differs per work-item). `carry` is the same inside the loop: assigned
// from a uniform value before it is read, on every iteration. The weights are
// filled by element stores only, which read the array's old level.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void smooth(__global float *data, __local float *tile, int passes, float w)
{
    int base = get_group_id(0) * get_local_size(0);
    {
        int lid = get_local_id(0);
        tile[lid] = data[base + lid];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    {
        float weights[3];
        weights[0] = w;
        weights[1] = 1.0f - 2.0f * w;
        weights[2] = w;
        float total = weights[0] + weights[1] + weights[2];
        if (total > 0.5f) {
            for (int p = 0; p < passes; p++) {
                float carry;
                carry = weights[1];
                int i = get_local_id(0);
                float left = tile[i > 0 ? i - 1 : i];
                float right = tile[i < 63 ? i + 1 : i];
                float mid = tile[i];
                barrier(CLK_LOCAL_MEM_FENCE);
                tile[i] = weights[0] * left + carry * mid + weights[2] * right;
                barrier(CLK_LOCAL_MEM_FENCE);
            }
        }
    }
    if (passes > 2) {
        int j = get_local_id(0);
        tile[j] += 1.0f;
    }
    {
        float scale;
        scale = w * 2.0f;
        if (scale > 1.0f) {
            tile[get_local_id(0)] *= scale;
            barrier(CLK_LOCAL_MEM_FENCE);
        }
    }
    data[base + get_local_id(0)] = tile[get_local_id(0)];
}
