// The fixed twin of int2_coords_no_barrier.cl: a barrier between writing
// the tile and reading the neighbour's element.
// RUN-CONFIG: --local-size=16,16 --global-size=32,32
// expected-no-diagnostics
__kernel void right_diff(__global const float *in, __global float *out)
{
    __local float tile[16][16];
    int2 l = (int2)(get_local_id(0), get_local_id(1));
    int2 g = (int2)(get_global_id(0), get_global_id(1));
    int w = get_global_size(0);
    tile[l.y][l.x] = in[g.y * w + g.x];
    barrier(CLK_LOCAL_MEM_FENCE);
    float right = tile[l.y][(l.x + 1) & 15];
    out[g.y * w + g.x] = right - tile[l.y][l.x];
}
