// Fixed twin of local_linear_leader.cl.
//
// Every work-item executes both barriers: the first publishes the tile to
// the leader, the second publishes the leader's mean to everybody.
// RUN-CONFIG: --local-size=8,8
// expected-no-diagnostics
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
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_linear_id() == 0) {
        float s = 0.0f;
        for (int j = 0; j < 8; j++)
            for (int i = 0; i < 8; i++)
                s += tile[j][i];
        mean = s / 64.0f;
    }
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[y * width + x] = tile[ly][lx] - mean;
}
