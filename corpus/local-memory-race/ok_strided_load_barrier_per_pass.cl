// A tile of 128 values loaded by 64 work-items in passes that start at
// the work-item's id and step by the group (i = lid, lid + 64), each pass
// ending with a barrier; the tile is read after the loop. Every work-item
// runs the same two passes, so the store of the second pass and the read
// after the loop are ordered by the second pass's barrier: no race. (The
// loop's counter differs between work-items, but where it stops does not.)
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void reverse128(__global const float *in, __global float *out)
{
    __local float t[128];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 128;
    for (int i = lid; i < 128; i += 64) {
        t[i] = in[base + i];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[base + lid] = t[127 - lid];
    out[base + lid + 64] = t[63 - lid];
}
