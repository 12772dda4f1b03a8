// A two-pass stencil that reads its neighbour work-group's halo from
// __global memory after a barrier, believing the barrier waits for it.
//
// Pass 1: each work-item stores a transformed sample, mag[gid], in a global
// buffer. A barrier(CLK_GLOBAL_MEM_FENCE). Pass 2: each interior work-item
// averages mag over itself and its two neighbours. Inside one work-group the
// barrier does order pass 1 before pass 2. But work-item 63 of group 0 reads
// mag[64], which work-item 0 of group 1 stores, and work-item 0 of group 1
// reads mag[63] of group 0: the barrier does not wait for another work-group,
// which may not have started yet (or may have finished long ago). Oclgrind,
// which runs the groups one after another, averages the edge of each block
// with a halo that was not stored yet.
// Reported at the neighbour loads, which run after the store in the kernel.
// Fixed in stencil_group_halo_fixed.cl.
// RUN-CONFIG: --local-size=64 --num-groups=4
__kernel void smooth_log(__global const float *in, __global float *mag,
                         __global float *out, int n)
{
    int gid = get_global_id(0);

    mag[gid] = log1p(fabs(in[gid]));
    barrier(CLK_GLOBAL_MEM_FENCE);

    if (gid > 0 && gid < n - 1)
        out[gid] = (mag[gid - 1] + mag[gid] + mag[gid + 1]) / 3.0f; // expected-error {{inter-group race on mag}}
    else
        out[gid] = mag[gid];
}
