// A 5-point moving average with halo loads, missing the barrier between
// loading the local window and reading it.
//
// The window holds the group's 64 inputs at win[2..65] plus two halo cells
// on each side. Work-items 0 and 1 load the halo cells as well as their
// own element. Every work-item then reads win[lid .. lid + 4]: four of those
// five cells were stored by other work-items (neighbours, or work-items 0
// and 1 for the halo), and nothing makes the reader wait for them.
// Reported at the read in the averaging loop. Fixed in
// stencil_halo_fixed.cl.
// RUN-CONFIG: --local-size=64
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

    float acc = 0.0f;
    for (int k = 0; k <= 2 * R; k++)
        acc += win[lid + k]; // expected-error {{local-memory race on win}}
    out[gid] = acc / (2 * R + 1);
}
