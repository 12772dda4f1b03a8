// The fixed twin of volatile_tail.cl: the unrolled tail keeps its shape, but
// each step is followed by a barrier(CLK_LOCAL_MEM_FENCE) outside the
// `if`, so every work-item of the group reaches it and each step's sums are
// visible before the next step reads them. No volatile is needed once the
// steps are synchronized. (sub_group_reduce_add is the other fix, where
// sub-groups are available: see ../local-memory-race/tail_loop_fixed.cl.)
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void block_sum(__global const float *x, __global float *sums, __local float *acc)
{
    int lid = get_local_id(0);

    acc[lid] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int step = get_local_size(0) / 2; step > 32; step /= 2) {
        if (lid < step)
            acc[lid] += acc[lid + step];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid < 32)
        acc[lid] += acc[lid + 32];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 16)
        acc[lid] += acc[lid + 16];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 8)
        acc[lid] += acc[lid + 8];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 4)
        acc[lid] += acc[lid + 4];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 2)
        acc[lid] += acc[lid + 2];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < 1)
        acc[lid] += acc[lid + 1];
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0)
        sums[get_group_id(0)] = acc[0];
}
