// The fixed twin of helper_index_no_barrier.cl: a barrier between the
// stores of every row and the reads of the neighbour's column.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
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
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int p = 0; p < 4; p++)
        out[base + p * n + lid] = buf[slot(p, (lid + 1) % n, n)];
}
