// scan_offset16.cl - scan_fixed.cl with the BANK_OFFSET written for 16 banks:
// BANK_OFFSET(k) = k >> 4, one spare float after each run of 16.  On 16 banks
// (intel) it does what the 32-bank offset does on 32: the first up-sweep step
// and the whole-array loads and stores are conflict-free.
//
// On 32 banks it is wrong in the other direction: a request of 32 work-items
// spans 32 (loads) or 64 (up-sweep) elements, the offset inserts a spare word
// every 16, and the shifted second half lands on banks the first half already
// uses.  The load t[i + BANK_OFFSET(i)] puts work-item 0 at word 0 and
// work-item 31 at word 32, both in bank 0.  The same happens to every access
// below, each 2-way.  An offset only fits the bank count it was written for.
//
// Expected degrees, per profile: generic 2, nvidia 2, amd 2, intel none, for
// each of the whole-array loads (load_a, load_b) and stores (store_a,
// store_b) and the three accesses of the up line (t[bi] read, t[ai] read,
// t[bi] write).
// expected-warning@#load_a {{2-way bank conflict on t}}
// expected-warning@#load_b {{2-way bank conflict on t}}
// expected-warning@#store_a {{2-way bank conflict on t}}
// expected-warning@#store_b {{2-way bank conflict on t}}
// expected-warning@#up 3 {{2-way bank conflict on t}}
// generic-warning@#load_a {{2-way bank conflict on t}}
// generic-warning@#load_b {{2-way bank conflict on t}}
// generic-warning@#store_a {{2-way bank conflict on t}}
// generic-warning@#store_b {{2-way bank conflict on t}}
// generic-warning@#up 3 {{2-way bank conflict on t}}
// nvidia-warning@#load_a {{2-way bank conflict on t}}
// nvidia-warning@#load_b {{2-way bank conflict on t}}
// nvidia-warning@#store_a {{2-way bank conflict on t}}
// nvidia-warning@#store_b {{2-way bank conflict on t}}
// nvidia-warning@#up 3 {{2-way bank conflict on t}}
// amd-warning@#load_a {{2-way bank conflict on t}}
// amd-warning@#load_b {{2-way bank conflict on t}}
// amd-warning@#store_a {{2-way bank conflict on t}}
// amd-warning@#store_b {{2-way bank conflict on t}}
// amd-warning@#up 3 {{2-way bank conflict on t}}
// intel-no-diagnostics

#define N 512
#define LOG_BANKS 4
#define BANK_OFFSET(k) ((k) >> LOG_BANKS)

__kernel __attribute__((reqd_work_group_size(256, 1, 1)))
void scan(__global const float *in, __global float *out)
{
    __local float t[N + N / 16];
    int i = get_local_id(0);
    int base = get_group_id(0) * N;
    int ai0 = i, bi0 = i + N / 2;

    t[ai0 + BANK_OFFSET(ai0)] = in[base + ai0]; // #load_a
    t[bi0 + BANK_OFFSET(bi0)] = in[base + bi0]; // #load_b

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
    out[base + ai0] = t[ai0 + BANK_OFFSET(ai0)]; // #store_a
    out[base + bi0] = t[bi0 + BANK_OFFSET(bi0)]; // #store_b
}
