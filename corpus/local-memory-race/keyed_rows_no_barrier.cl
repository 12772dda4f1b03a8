// Per-key rows counted by each work-item in its own column, then summed by
// every work-item over its key's row with no barrier between: with 64
// work-items and 16 keys, two work-items always share a key, so one's
// increment meets the other's sum whatever the data.
// Fixed in keyed_rows_no_barrier_fixed.cl.
// RUN-CONFIG: --local-size=64 --global-size=256
#define L 64
__kernel void keyed_rows(__global const uint *in, __global uint *out)
{
    __local uint lmem[16 * L];
    int lid = get_local_id(0);
    for (int r = 0; r < 16; r++)
        lmem[r * L + lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint key = in[get_global_id(0)] & 15;
    lmem[key * L + lid]++; // expected-note {{the other access}}
    uint s = 0;
    for (int j = 0; j < L; j++)
        s += lmem[key * L + j]; // expected-error {{local-memory race on lmem[key * 64 + j]}}
    out[get_global_id(0)] = s;
}
