// The fixed twin of blelloch_scan.cl: the Blelloch exclusive scan with
// BANK_OFFSET padding and every barrier in place. The barrier at the top of
// each sweep step orders the previous step's writes (and the initial loads,
// and work-item 0's clearing of the root) before the next step's reads, and
// the barrier after the down-sweep orders the last step's writes before
// the final reads. The loops' trip counts depend only on the work-group
// size, so all work-items reach all barriers.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
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
    barrier(CLK_LOCAL_MEM_FENCE);

    out[base + ai] = t[ai + BANK_OFFSET(ai)];
    out[base + bi] = t[bi + BANK_OFFSET(bi)];
}
