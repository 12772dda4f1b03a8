// A gather written as plain stores and a barrier (compare async_copy_fill.cl):
// every access is modelled, and the kernel is quiet.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void gather(__global const float *in, __global float *out, __local float *tile)
{
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    tile[lid] = in[base + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + lid] = tile[63 - lid];
}
