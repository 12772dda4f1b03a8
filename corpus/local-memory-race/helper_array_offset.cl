// A helper that stores a pair through a __local pointer, called with an
// array plus an offset that makes neighbours' pairs overlap.
//
// store_pair(row, v) writes row[0] and row[1]. Work-item i passes tile + i,
// so it writes tile[i] and tile[i + 1], and work-item i + 1 writes
// tile[i + 1] too: two work-items write one element with no barrier between,
// and which value stays depends on timing. `tile + i` is the address of
// tile[i] (the array decays to a pointer); calls written this way were once
// not followed into the helper at all. Fixed in helper_array_offset_fixed.cl,
// which stores the second element half a tile away.
// RUN-CONFIG: --local-size=64
void store_pair(__local float *row, float v)
{
    row[0] = v;
    row[1] = v + 1.0f; // expected-error {{local-memory race on tile}}
}

__kernel void pairs(__global const float *in, __global float *out)
{
    __local float tile[129];
    int i = get_local_id(0);
    store_pair(tile + i, in[get_global_id(0)]);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[i] + tile[i + 1];
}
