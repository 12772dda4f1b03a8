// A missing barrier between stores and reads whose index a helper computes
// from the caller's loop counter.
//
// Each work-item stores 4 rows of its column, at slot(p, lid, n) = p * n +
// lid, then reads its right neighbour's column. With no barrier between,
// work-item lid + 1 may not have stored yet: a race. The index is the
// helper's return value with the caller's arguments (the counter p of each
// loop stays that loop's counter); it used to be opaque, and an opaque
// index per work-item is not reported, so this race was missed. Fixed in
// helper_index_no_barrier_fixed.cl.
// RUN-CONFIG: --local-size=64
inline int slot(int pass, int lid, int n)
{
    return pass * n + lid;
}

__kernel void rotate_rows(__global const int *in, __global int *out, __local int *buf)
{
    int lid = get_local_id(0), n = get_local_size(0);
    int base = get_group_id(0) * 4 * n;
    for (int p = 0; p < 4; p++)
        buf[slot(p, lid, n)] = in[base + p * n + lid];
    for (int p = 0; p < 4; p++)
        out[base + p * n + lid] = buf[slot(p, (lid + 1) % n, n)]; // expected-error {{local-memory race}}
}
