// The passes of ok_strided_load_barrier_per_pass.cl with the barrier at the
// start of each pass instead of its end: the second pass's stores are the
// last thing before the loop exits, and nothing orders them before the
// reads after the loop. Work-item 0 reads t[127] while work-item 63 may
// still be storing it. Fixed in strided_load_barrier_first_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void reverse128(__global const float *in, __global float *out)
{
    __local float t[128];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 128;
    for (int i = lid; i < 128; i += 64) {
        barrier(CLK_LOCAL_MEM_FENCE);
        t[i] = in[base + i]; // #store
    }
    out[base + lid] = t[127 - lid];      // expected-error {{local-memory race on t}}
    out[base + lid + 64] = t[63 - lid];  // stored in the first pass: ordered
}
