// Reduce-by-key's last step: seg[] is an inclusive scan of "a new key
// starts here" flags, so it ascends, one step at each segment's end. Every
// work-item whose element ends a segment stores the segment's key at
// keys_out[seg[i]]; the last work-item stores the last segment's key at
// keys_out[seg[n - 1]]. Where the scan steps, seg[i] < seg[n - 1]: the
// stores never meet. Both indices are loaded data, kept apart by the data,
// like two scatters: quiet (global-memory-race.md). The single store of the
// last work-item used to count as one work-item's write "at an index not
// known before the kernel runs", which meets every other access whatever
// the data.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void run_heads(__global const int *keys, __global const int *seg,
                        __global int *keys_out, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    int last = seg[n - 1];
    if (i < n - 1 && seg[i] != seg[i + 1])
        keys_out[seg[i]] = keys[i];
    if (i == n - 1)
        keys_out[last] = keys[i];
}
