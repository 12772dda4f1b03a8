// A Blelloch (work-efficient) exclusive scan with a BANK_OFFSET macro, with
// the last barrier missing.
//
// Each work-group of 64 scans 128 integers in local memory: an up-sweep that
// builds partial sums in a tree, then a down-sweep that turns the tree into
// exclusive prefix sums. BANK_OFFSET(i) adds one padding word per 32
// elements so that the tree's strided accesses spread over the banks; the
// buffer therefore holds 128 + 4 words. Both sweeps have a barrier at the
// top of each step. The barrier after the down-sweep is missing: in the
// last step work-item k writes elements 2k and 2k+1, and each work-item then
// reads elements lid and lid + 64, written by work-items lid / 2 and
// (lid + 64) / 2. Reported at both final reads. Fixed in
// blelloch_scan_fixed.cl.
// RUN-CONFIG: --local-size=64
#define LOG_BANKS 5
#define BANK_OFFSET(i) ((i) >> LOG_BANKS)

__kernel void scan_block(__global const int *in, __global int *out, __local int *t)
{
    int lid = get_local_id(0);
    int n = 2 * get_local_size(0);
    int base = get_group_id(0) * n;

    int ai = lid, bi = lid + n / 2;
    t[ai + BANK_OFFSET(ai)] = in[base + ai];
    t[bi + BANK_OFFSET(bi)] = in[base + bi];

    int offset = 1;
    for (int d = n / 2; d > 0; d /= 2) {       /* up-sweep */
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            int i = offset * (2 * lid + 1) - 1;
            int j = offset * (2 * lid + 2) - 1;
            t[j + BANK_OFFSET(j)] += t[i + BANK_OFFSET(i)];
        }
        offset *= 2;
    }

    if (lid == 0)
        t[n - 1 + BANK_OFFSET(n - 1)] = 0;

    for (int d = 1; d < n; d *= 2) {           /* down-sweep */
        offset /= 2;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            int i = offset * (2 * lid + 1) - 1;
            int j = offset * (2 * lid + 2) - 1;
            int left = t[i + BANK_OFFSET(i)];
            t[i + BANK_OFFSET(i)] = t[j + BANK_OFFSET(j)];
            t[j + BANK_OFFSET(j)] += left;
        }
    }

    out[base + ai] = t[ai + BANK_OFFSET(ai)]; // expected-error {{local-memory race on t}}
    out[base + bi] = t[bi + BANK_OFFSET(bi)]; // expected-error {{local-memory race on t}}
}
