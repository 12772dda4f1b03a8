// The fixed twin of stencil_halo.cl: a barrier(CLK_LOCAL_MEM_FENCE) after
// the window (interior and halo) is loaded and before anyone reads it. The
// halo loads stay under `if (lid < R)`; the barrier is outside that branch.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
#define R 2

__kernel void moving_average(__global const float *in, __global float *out,
                             __local float *win, int n)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    win[lid + R] = in[gid];
    if (lid < R) {
        win[lid] = in[max(gid - R, 0)];
        win[lid + lsz + R] = in[min(gid + lsz, n - 1)];
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    float acc = 0.0f;
    for (int k = 0; k <= 2 * R; k++)
        acc += win[lid + k];
    out[gid] = acc / (2 * R + 1);
}
