// The fixed twin of reverse_global_stage.cl: the barrier's flags include
// CLK_GLOBAL_MEM_FENCE, so the stores to `stage` made before it are visible
// to every work-item of the group after it. The mirror element lies in the
// group's own block, so this one work-group barrier is all it takes.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void reverse_blocks(__global const float *in, __global float *stage,
                             __global float *out)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int base = get_group_id(0) * lsz;

    stage[gid] = 2.0f * in[gid];
    barrier(CLK_GLOBAL_MEM_FENCE);

    out[gid] = stage[base + (lsz - 1 - lid)];
}
