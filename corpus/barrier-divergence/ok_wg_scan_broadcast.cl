// Row prefix sums with `work_group_scan_exclusive_add` and
// `work_group_broadcast`: quiet.
//
// One work-group per row; the row is longer than the work-group, so it is
// scanned chunk by chunk with a running carry. The chunk loop's bound is a
// kernel argument and its step the work-group size, so every work-item runs
// it the same number of times and reaches both collectives in every chunk;
// the work-items past the end of the row contribute 0 instead of skipping
// the scan. The carry is updated from a broadcast, so it stays uniform.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void row_prefix(__global const int *in, __global int *out, int row_len)
{
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int row = get_group_id(0);
    int carry = 0;

    for (int base = 0; base < row_len; base += lsz) {
        int i = base + lid;
        int v = i < row_len ? in[row * row_len + i] : 0;
        int before = work_group_scan_exclusive_add(v);
        if (i < row_len)
            out[row * row_len + i] = carry + before;
        carry += work_group_broadcast(before + v, (size_t)(lsz - 1));
    }
}
