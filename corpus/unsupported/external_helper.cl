// A helper declared here and defined in another source of the program.
//
// The host builds this file together with a second one that defines
// smooth_row (clBuildProgram with two sources, or a library linked in).
// clsynclint sees only the declaration: what the helper reads and writes in
// the __local tile it receives is not known, so a race through it would go
// unreported. It says so with the unsupported note, at the call. Compare
// external_helper_inlined.cl, where the helper's body is in the file and
// checked.
// RUN-CONFIG: --local-size=64
void smooth_row(__local float *row, int lid);

__kernel void smooth(__global const float *in, __global float *out, __local float *tile)
{
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    tile[lid] = in[base + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    // expected-note@+1 {{unsupported: a call to 'smooth_row', whose body is not in this program}}
    smooth_row(tile, lid);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + lid] = tile[lid];
}
