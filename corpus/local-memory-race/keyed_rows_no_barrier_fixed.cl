// Fixed twin of keyed_rows_no_barrier.cl: a barrier between the counting
// and the sums.
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
#define L 64
__kernel void keyed_rows(__global const uint *in, __global uint *out)
{
    __local uint lmem[16 * L];
    int lid = get_local_id(0);
    for (int r = 0; r < 16; r++)
        lmem[r * L + lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint key = in[get_global_id(0)] & 15;
    lmem[key * L + lid]++;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint s = 0;
    for (int j = 0; j < L; j++)
        s += lmem[key * L + j];
    out[get_global_id(0)] = s;
}
