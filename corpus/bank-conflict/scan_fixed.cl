// scan_fixed.cl - scan.cl with every index of the array moved by
// BANK_OFFSET(k) = k >> 5: one spare float after each run of 32, so that
// elements 32 words apart no longer share a bank.  Written for 32 banks of
// 4 bytes (generic, nvidia, amd).  At the first up-sweep step the even
// elements 0 .. 30 stay in the even banks and 32 .. 62 move one word up into
// the odd banks: every work-item of a request has a bank of its own.
//
// The offset is tied to the bank count.  On 16 banks (intel) a request has
// 16 work-items and reaches only elements 0 .. 31, which BANK_OFFSET(k) =
// k >> 5 does not move: the first up-sweep step stays 2-way there.
// scan_offset16.cl is the version written for 16 banks.
//
// Expected, per profile: no conflict on generic, nvidia, amd; on intel each
// access of the #up line (t[bi] read, t[ai] read, t[bi] write) is 2-way.
// expected-no-diagnostics
// generic-no-diagnostics
// nvidia-no-diagnostics
// amd-no-diagnostics
// intel-warning@#up 3 {{2-way bank conflict on t}}

#define N 512
#define LOG_BANKS 5
#define BANK_OFFSET(k) ((k) >> LOG_BANKS)

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void scan(__global const float *in, __global float *out)
{
    __local float t[N + N / 32];
    int i = get_local_id(0);
    int base = get_group_id(0) * N;
    int ai0 = i, bi0 = i + N / 2;

    t[ai0 + BANK_OFFSET(ai0)] = in[base + ai0];
    t[bi0 + BANK_OFFSET(bi0)] = in[base + bi0];

    for (int off = 1; off < N; off *= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i < N / (2 * off)) {
            int ai = off * (2 * i + 1) - 1;
            int bi = off * (2 * i + 2) - 1;
            ai += BANK_OFFSET(ai);
            bi += BANK_OFFSET(bi);
            t[bi] = t[bi] + t[ai]; // #up
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (i == 0)
        t[N - 1 + BANK_OFFSET(N - 1)] = 0.0f;
    for (int off = N / 2; off >= 1; off /= 2) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (i < N / (2 * off)) {
            int ai = off * (2 * i + 1) - 1;
            int bi = off * (2 * i + 2) - 1;
            ai += BANK_OFFSET(ai);
            bi += BANK_OFFSET(bi);
            float left = t[ai];
            t[ai] = t[bi];
            t[bi] = t[bi] + left;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + ai0] = t[ai0 + BANK_OFFSET(ai0)];
    out[base + bi0] = t[bi0 + BANK_OFFSET(bi0)];
}
