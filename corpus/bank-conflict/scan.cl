// scan.cl - an exclusive prefix sum of 512 floats per work-group (256
// work-items, two elements each) with the Blelloch up-sweep / down-sweep,
// indexed the plain way.  Barriers open every step of both loops, so the
// scan is correct.
//
// In the up-sweep step with offset `off`, work-item i combines the elements
// off * (2i + 1) - 1 and off * (2i + 2) - 1: neighbouring work-items are
// 2 * off words apart.  The analysis takes the loop variable at its first
// value, off = 1: a stride of 2 words, so each of the three accesses of the
// up-sweep statement is 2-way (16 banks used by 32 work-items).  The later
// steps are worse (4, 8, 16-way ...) but are not what is reported.  The
// down-sweep, whose first step has off = 256 and a single active work-item
// (i < 1), is not reported either.  The loads and stores of the whole array
// (t[i], t[i + 256]) are unit-stride.  scan_fixed.cl adds a BANK_OFFSET.
//
// Expected degree of each access on the #up line (t[bi] read, t[ai] read,
// t[bi] write), per profile: generic 2, nvidia 2, amd 2, intel 2
// expected-warning@#up 3 {{2-way bank conflict on t}}
// generic-warning@#up 3 {{2-way bank conflict on t}}
// nvidia-warning@#up 3 {{2-way bank conflict on t}}
// amd-warning@#up 3 {{2-way bank conflict on t}}
// intel-warning@#up 3 {{2-way bank conflict on t}}

#define N 512

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void scan(__global const float *in, __global float *out)
{
    __local float t[N];
    int i = get_local_id(0);
    int base = get_group_id(0) * N;

    t[i] = in[base + i];
    t[i + N / 2] = in[base + i + N / 2];

    for (int off = 1; off < N; off *= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i < N / (2 * off)) {
            int ai = off * (2 * i + 1) - 1;
            int bi = off * (2 * i + 2) - 1;
            t[bi] = t[bi] + t[ai]; // #up
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i == 0)
        t[N - 1] = 0.0f;
    for (int off = N / 2; off >= 1; off /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i < N / (2 * off)) {
            int ai = off * (2 * i + 1) - 1;
            int bi = off * (2 * i + 2) - 1;
            float left = t[ai];
            t[ai] = t[bi];
            t[bi] = t[bi] + left;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + i] = t[i];
    out[base + i + N / 2] = t[i + N / 2];
}
