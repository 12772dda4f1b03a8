// The fixed twin of group_result_per_item.cl: after the reduction every
// work-item stores s[0], a value read at the same address after a barrier
// and the same for the whole group. The stores race, but they all store one
// value: a benign race, not reported (--report-benign shows it).
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void block_sum(__global const float *in, __global float *out, __local float *s)
{
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = 32; step > 0; step /= 2) {
        if (lid < step)
            s[lid] += s[lid + step];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_group_id(0)] = s[0];
}
