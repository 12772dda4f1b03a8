// A call to a barrier-containing helper in an operand of `?:` whose
// condition differs between work-items.
//
// Each of the first `active` work-items of a group gets its share of the
// group total; the author computes the total only "where it is needed", as
// one operand of a conditional expression. `?:` is a branch: the work-items
// with lid >= active never evaluate that operand and never reach the
// helper's barriers. Fixed in ternary_helper_fixed.cl: the helper is called
// unconditionally with a selected argument, and only the division is
// conditional.
// RUN-CONFIG: --local-size=64
float block_total(__local float *scratch, float v)
{
    int lid = get_local_id(0);
    scratch[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        float t = 0.0f;
        for (int i = 0; i < get_local_size(0); i++)
            t += scratch[i];
        scratch[0] = t;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float total = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    return total;
}

__kernel void shares(__global const float *in, __global float *share,
                     __local float *scratch, int active)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    float v = in[gid];

    share[gid] = lid < active ? v / block_total(scratch, v) : 0.0f; // expected-error {{call to 'block_total', which executes a barrier}}
}
