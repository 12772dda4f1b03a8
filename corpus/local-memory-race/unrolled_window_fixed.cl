// The fixed twin of unrolled_window.cl: a barrier after the tile is loaded,
// before the unrolled loop reads the neighbours' elements.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void window_sum(__global const float *in, __global float *out,
                         __local float *tile)
{
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    tile[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    float sum = tile[lid];
    #pragma unroll
    for (int k = 1; k < 4; k++)
        sum += tile[(lid + k) % 64];
    out[gid] = sum;
}
