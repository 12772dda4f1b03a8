// char_rows.cl - per-work-item byte counters: each of 64 work-items counts
// the values of its input bytes modulo 32 in its own row of 32 uchar
// counters, counts[lid][bin], then copies its row out.  No work-item touches
// another's row, so no barrier is needed.
//
// A row is 32 bytes, 8 bank words: counts[lid][bin] puts work-item i at word
// 8 * i + bin / 4.  A byte access is served in one phase for the whole
// sub-group (128 one-byte work-items fit in 128 bytes), so the 32 work-items
// of a sub-group land in 4 of 32 banks, 8 words in each (8-way); the 16 of
// the 16-bank profile in 2 banks, 8 words each; and a 64-wide wavefront in 4
// banks, 16 words each (16-way).  The increments index by a loaded value and
// are not modelled.  char_rows_fixed.cl stores the counters bin-major.
//
// Expected degree of the clear (#clear) and the copy (#copy), bin taken at
// its first value 0, per profile:
//   generic 8, nvidia 8, amd 16, intel 8
// expected-warning@#clear {{8-way bank conflict on counts[lid][bin]}}
// expected-warning@#copy {{8-way bank conflict on counts[lid][bin]}}
// generic-warning@#clear {{8-way bank conflict on counts[lid][bin]}}
// generic-warning@#copy {{8-way bank conflict on counts[lid][bin]}}
// nvidia-warning@#clear {{8-way bank conflict on counts[lid][bin]}}
// nvidia-warning@#copy {{8-way bank conflict on counts[lid][bin]}}
// amd-warning@#clear {{16-way bank conflict on counts[lid][bin]}}
// amd-warning@#copy {{16-way bank conflict on counts[lid][bin]}}
// intel-warning@#clear {{8-way bank conflict on counts[lid][bin]}}
// intel-warning@#copy {{8-way bank conflict on counts[lid][bin]}}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void byte_counts(__global const uchar *in, __global uint *out, int per_item)
{
    __local uchar counts[64][32];
    size_t lid = get_local_id(0), gid = get_global_id(0);

    for (int bin = 0; bin < 32; bin++)
        counts[lid][bin] = 0; // #clear
    for (int k = 0; k < per_item; k++) {
        uchar v = in[gid * per_item + k] % 32;
        counts[lid][v] = counts[lid][v] + 1;
    }
    for (int bin = 0; bin < 32; bin++)
        out[gid * 32 + bin] = counts[lid][bin]; // #copy
}
