// The fixed twin of zero_config_tree_step.cl: a barrier after each step.
// WGS is defined by nothing; the kernel is analyzed with it as an unknown.
// expected-no-diagnostics
__kernel __attribute__((reqd_work_group_size(WGS, 1, 1)))
void tree_sum(__global const float *in, __global float *out)
{
    __local float lm[WGS];
    int lid = get_local_id(0);
    lm[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = WGS / 2; s > 0; s >>= 1) {
        if (lid < s)
            lm[lid] += lm[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = lm[0];
}
