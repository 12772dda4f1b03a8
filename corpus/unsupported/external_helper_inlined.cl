// external_helper.cl with the helper's body in the file: every access is
// modelled. The helper reads the neighbours of its element and then
// overwrites the element, which its neighbours read: the body keeps a
// barrier between the two steps, and the kernel is quiet.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
void smooth_row(__local float *row, int lid)
{
    float l = lid > 0 ? row[lid - 1] : row[lid];
    float r = lid < 63 ? row[lid + 1] : row[lid];
    float c = row[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    row[lid] = (l + c + r) / 3.0f;
}

__kernel void smooth(__global const float *in, __global float *out, __local float *tile)
{
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    tile[lid] = in[base + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    smooth_row(tile, lid);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + lid] = tile[lid];
}
