// A work-efficient (Blelloch) exclusive scan with barriers inside its
// up-sweep and down-sweep loops: quiet.
//
// Each work-group scans 2 * local-size elements in local memory. Both loops
// are driven by `d`, computed from the work-group size, and by `offset`,
// which every work-item updates the same way: their trip counts are
// uniform, and the barrier at the top of each iteration is reached by the
// whole group. The `if (lid < d)` inside each loop is divergent and holds
// no barrier. BANK_OFFSET pads the local array by one word every 32
// (the number of local-memory banks assumed) to spread the tree's strided
// accesses over the banks.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
#define LOG_NUM_BANKS 5
#define BANK_OFFSET(i) ((i) >> LOG_NUM_BANKS)

__kernel void blelloch_scan(__global const float *in, __global float *out,
                            __global float *block_sums, __local float *temp)
{
    int lid = get_local_id(0);
    int n = 2 * get_local_size(0);
    int base = get_group_id(0) * n;
    int ai = lid;
    int bi = lid + n / 2;

    temp[ai + BANK_OFFSET(ai)] = in[base + ai];
    temp[bi + BANK_OFFSET(bi)] = in[base + bi];

    int offset = 1;
    for (int d = n >> 1; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            int a = offset * (2 * lid + 1) - 1;
            int b = offset * (2 * lid + 2) - 1;
            temp[b + BANK_OFFSET(b)] += temp[a + BANK_OFFSET(a)];
        }
        offset <<= 1;
    }

    if (lid == 0) {
        int last = n - 1 + BANK_OFFSET(n - 1);
        block_sums[get_group_id(0)] = temp[last];
        temp[last] = 0.0f;
    }

    for (int d = 1; d < n; d <<= 1) {
        offset >>= 1;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d) {
            int a = offset * (2 * lid + 1) - 1;
            int b = offset * (2 * lid + 2) - 1;
            a += BANK_OFFSET(a);
            b += BANK_OFFSET(b);
            float t = temp[a];
            temp[a] = temp[b];
            temp[b] += t;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    out[base + ai] = temp[ai + BANK_OFFSET(ai)];
    out[base + bi] = temp[bi + BANK_OFFSET(bi)];
}
