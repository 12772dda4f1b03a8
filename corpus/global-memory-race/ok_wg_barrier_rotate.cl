// A rotation of each work-group's block by one position through a __global
// scratch buffer, ordered by the OpenCL 2.0 work_group_barrier with the
// global fence: correct, quiet.
//
// Each work-item stores its sample in scratch[gid], the group waits at
// work_group_barrier(CLK_GLOBAL_MEM_FENCE) (work-group scope, like barrier),
// and each work-item then reads its right neighbour's sample, the last one
// wrapping around to the first of the same block. The element read was
// stored by another work-item of the same group before the barrier, and the
// global fence makes it visible; the rotation never leaves the group's
// block, so other work-groups do not matter.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void rotate_blocks(__global const float *in, __global float *scratch,
                            __global float *out)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int base = get_group_id(0) * lsz;

    scratch[gid] = in[gid];
    work_group_barrier(CLK_GLOBAL_MEM_FENCE);

    out[gid] = scratch[base + (lid + 1) % lsz];
}
