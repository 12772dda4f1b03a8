// Fixed twin of access_qualifier_buffer.cl: a barrier between the stores into
// the tile and the reads. The buffer parameters keep their image access
// qualifiers, which zero configuration drops as the vendor compilers did.
// expected-no-diagnostics
#define OUT_BUFFER __global __write_only
__kernel void reverse_tile(__global __read_only float *in,
                           OUT_BUFFER float *out,
                           read_only image2d_t unused,
                           __local float *tile)
{
    int l = get_local_id(0);
    tile[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[get_local_size(0) - 1 - l];
}
