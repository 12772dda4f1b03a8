// A scan whose stride doubles as `off = 2 * off`, the constant first, and a
// __local value stored before the loop and read by another work-item after
// it, with no barrier after the loop: the loop's barriers separate the two.
//
// The loop runs 6 passes for every launch (off = 1, 2, ..., 32), so at
// least one barrier lies between key[lid] and key[63 - lid]. Stepped as
// `off *= 2` or `off = off * 2` that was known; spelled with the constant
// on the left, the counter was not an induction variable, the loop was not
// known to run, and the path that skips it was reported as a race with "no
// barrier between". `2 * off` is the same step as `off * 2`.
// The scan itself is the usual one: each pass reads before a barrier and
// writes after it; after the loop each work-item reads its own element.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void scan_keyed(__global const int *in, __global int *out, __local int *buf,
                __local int *key)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    key[lid] = in[gid] & 7;
    buf[lid] = in[gid];
    for (int off = 1; off < 64; off = 2 * off) {
        barrier(CLK_LOCAL_MEM_FENCE);
        int v = lid >= off ? buf[lid - off] : 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[lid] += v;
    }
    out[gid] = buf[lid] * key[63 - lid];
}
