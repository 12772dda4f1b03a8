// Two scans in one work-group, one per row of a 2 x 264 __local tile: the
// first 128 work-items work on row 0, the other 128 on row 1. Element i of
// a row lives at i + i / 32 (a padding word per 32, against bank
// conflicts). `offset` doubles exactly as often as `d` halves in the
// up-sweep (8 times) and the down-sweep halves it back, so every padded
// subscript is at most 255 + 7 = 262 < 264 and the rows never meet. An
// access outside its row would be undefined behaviour: the subscripts of an
// array whose lengths are numbers stay inside them in every conflict
// question. Without that, the offset after the up-sweep (not followed
// exactly) made a column that ran into the other row: a false race between
// work-items 0 and 128.
// RUN-CONFIG: --local-size=256
// expected-no-diagnostics
__kernel void row_scans(__global int *io)
{
    __local int t[2][264];
    int lid = get_local_id(0);
    int odd = ((lid & 127) << 1) + 1;
    int pos = lid + (lid >> 5);
    int base = get_group_id(0) * 512;

    t[0][pos] = io[base + lid];
    t[1][pos] = io[base + lid + 256];
    int offset = 1;
    for (int d = 128; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        int ai = offset * odd - 1, bi = ai + offset;
        ai += ai >> 5;
        bi += bi >> 5;
        if ((lid & 127) < d)
            t[lid >> 7][bi] += t[lid >> 7][ai];
        offset <<= 1;
    }
    for (int d = 1; d < 256; d <<= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        offset >>= 1;
        int ai = offset * odd - 1, bi = ai + offset;
        ai += ai >> 5;
        bi += bi >> 5;
        if ((lid & 127) < d) {
            t[lid >> 7][bi] += t[lid >> 7][ai];
            t[lid >> 7][ai] = t[lid >> 7][bi] - t[lid >> 7][ai];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    io[base + lid] = t[0][pos];
    io[base + lid + 256] = t[1][pos];
}
