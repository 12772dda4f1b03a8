// The fixed twin of strided_load_barrier_first.cl: a barrier after the
// loop orders the last pass's stores before the reads.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void reverse128(__global const float *in, __global float *out)
{
    __local float t[128];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 128;
    for (int i = lid; i < 128; i += 64) {
        barrier(CLK_LOCAL_MEM_FENCE);
        t[i] = in[base + i];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[base + lid] = t[127 - lid];
    out[base + lid + 64] = t[63 - lid];
}
