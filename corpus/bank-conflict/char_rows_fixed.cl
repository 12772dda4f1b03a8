// char_rows_fixed.cl - char_rows.cl with the counters stored bin-major,
// counts[bin][lid]: for a given bin the 64 work-items own 64 consecutive
// bytes, 16 words, and four neighbours share each word (a broadcast within
// the word, not a conflict).  Same results; no conflict on any profile.
// (Padding the rows of char_rows.cl to 33 bytes would cure the 32-wide
// requests but leave the 64-wide wavefront and the 16-bank profile 2-way.)
//
// Expected: no conflict on any profile.
// expected-no-diagnostics
// generic-no-diagnostics
// nvidia-no-diagnostics
// amd-no-diagnostics
// intel-no-diagnostics

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void byte_counts(__global const uchar *in, __global uint *out, int per_item)
{
    __local uchar counts[32][64];
    size_t lid = get_local_id(0), gid = get_global_id(0);

    for (int bin = 0; bin < 32; bin++)
        counts[bin][lid] = 0;
    for (int k = 0; k < per_item; k++) {
        uchar v = in[gid * per_item + k] % 32;
        counts[v][lid] = counts[v][lid] + 1;
    }
    for (int bin = 0; bin < 32; bin++)
        out[gid * 32 + bin] = counts[bin][lid];
}
