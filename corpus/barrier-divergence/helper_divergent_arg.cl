// A helper whose barrier loop is bounded by a parameter, called with a
// bound that differs between work-items.
//
// Hillis-Steele inclusive scan in local memory. `scan_steps` runs `levels`
// doubling steps, two barriers each. The author noticed that work-item lid
// only has a partner for the steps with 2^d <= lid and passes it exactly
// that many levels, 32 - clz(lid). The loop inside the helper then runs a
// different number of times in each work-item, and the barriers in it are
// reached by fewer and fewer work-items. The analysis is per call context:
// the barriers in the helper are reported for this call, whose argument
// diverges. Fixed in helper_divergent_arg_fixed.cl: every work-item runs
// log2(local size) levels.
// RUN-CONFIG: --local-size=64
float scan_steps(__local float *buf, float v, int levels)
{
    int lid = get_local_id(0);
    for (int d = 0; d < levels; d++) {
        int off = 1 << d;
        buf[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        if (lid >= off)
            v += buf[lid - off];
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
    }
    return v;
}

__kernel void prefix_sums(__global const float *in, __global float *out,
                          __local float *buf)
{
    int lid = get_local_id(0);
    int levels = 32 - clz(lid);
    out[get_global_id(0)] = scan_steps(buf, in[get_global_id(0)], levels);
}
