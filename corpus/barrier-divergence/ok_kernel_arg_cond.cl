// Barriers under conditions on kernel arguments: quiet.
//
// 1D convolution with a host-selected strategy: `use_local` stages the input
// tile (with its halo) in local memory, otherwise every work-item reads
// global memory directly; `mode` picks a post-processing step with its own
// barrier. Kernel arguments have the same value in every work-item, so each
// branch and each case is taken by the whole group. The halo loop
// `for (i = lid; ...; i += lsz)` has a trip count that differs between
// work-items, but it contains no barrier, so it is harmless.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void conv1d(__global const float *in, __global const float *w,
                     __global float *out, __local float *tile,
                     int radius, int use_local, int mode)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int gsz = get_global_size(0);
    int first = get_group_id(0) * lsz - radius;
    float acc = 0.0f;

    if (use_local) {
        for (int i = lid; i < lsz + 2 * radius; i += lsz) {
            int src = first + i;
            tile[i] = src >= 0 && src < gsz ? in[src] : 0.0f;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = -radius; k <= radius; k++)
            acc += w[k + radius] * tile[lid + radius + k];
    } else {
        for (int k = -radius; k <= radius; k++) {
            int src = gid + k;
            acc += w[k + radius] * (src >= 0 && src < gsz ? in[src] : 0.0f);
        }
    }

    switch (mode) {
    case 1: /* subtract the group's first output from every output */
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lid] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        acc -= tile[0];
        break;
    default:
        break;
    }
    out[gid] = acc;
}
