// The fixed twin of helper_array_offset.cl: the pair's second element is
// half a tile away, row[64], so work-item i writes tile[i] and tile[i + 64]
// and no two work-items share an element (stride 1: no bank conflict).
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
void store_pair(__local float *row, float v)
{
    row[0] = v;
    row[64] = v + 1.0f;
}

__kernel void pairs(__global const float *in, __global float *out)
{
    __local float tile[129];
    int i = get_local_id(0);
    store_pair(tile + i, in[get_global_id(0)]);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[i] + tile[i + 1];
}
