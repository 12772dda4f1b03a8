// row_sums_guarded_fixed.cl - row_sums_guarded.cl with rows of 17 words:
// work-item i's word j is 17 * i + j, whose bank moves by one from one
// work-item to the next on 32 and on 16 banks. No conflict on any profile.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
// generic-no-diagnostics
// nvidia-no-diagnostics
// amd-no-diagnostics
// intel-no-diagnostics
__kernel void row_sums(__global const float *in, __global float *out, int n)
{
    __local float rows[64][17];
    int lid = get_local_id(0), gid = get_global_id(0);
    if (gid < n)
        for (int j = 0; j < 16; j++)
            rows[lid][j] = in[gid * 16 + j];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (gid < n) {
        float s = 0.0f;
        for (int j = 0; j < 16; j++)
            s += rows[lid][j];
        out[gid] = s;
    }
}
