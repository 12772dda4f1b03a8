// `work_group_barrier(flags)` inside `if (get_local_linear_id() == 0)` in a
// 2D work-group.
//
// Each 8x8 block of an image is normalized by its mean. The leader
// work-item (linear id 0) waits at a barrier for the block to be stored and
// then sums it; everybody else goes straight to the second barrier. The
// leader's barrier is executed by one work-item of 64: undefined behaviour,
// which deadlocks some GPUs and crashes or corrupts results on CPU
// implementations. Fixed in local_linear_leader_fixed.cl: the first barrier
// is executed by the whole group before the leader's branch.
// RUN-CONFIG: --local-size=8,8
// The host launches one work-item per pixel: rows are at least as wide as the launch.
// clsynclint: assume width >= get_global_size(0)
__kernel void block_normalize(__global const float *img, __global float *out,
                              int width)
{
    __local float tile[8][8];
    __local float mean;
    int x = get_global_id(0);
    int y = get_global_id(1);
    int lx = get_local_id(0);
    int ly = get_local_id(1);

    tile[ly][lx] = img[y * width + x];
    if (get_local_linear_id() == 0) {
        work_group_barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        float s = 0.0f;
        for (int j = 0; j < 8; j++)
            for (int i = 0; i < 8; i++)
                s += tile[j][i];
        mean = s / 64.0f;
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[y * width + x] = tile[ly][lx] - mean;
}
