// Fixed twin of helper_divergent_arg.cl.
//
// The helper is unchanged; the kernel passes the same number of levels to
// every work-item, enough for the whole group (ceil(log2(local size))), so
// the loop and its barriers run the same number of times everywhere.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
float scan_steps(__local float *buf, float v, int levels)
{
    int lid = get_local_id(0);
    for (int d = 0; d < levels; d++) {
        int off = 1 << d;
        buf[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid >= off)
            v += buf[lid - off];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    return v;
}

__kernel void prefix_sums(__global const float *in, __global float *out,
                          __local float *buf)
{
    int levels = 32 - clz((int)get_local_size(0) - 1);
    out[get_global_id(0)] = scan_steps(buf, in[get_global_id(0)], levels);
}
