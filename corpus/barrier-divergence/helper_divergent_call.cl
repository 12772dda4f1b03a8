// A helper that contains barriers, called from a divergent branch.
//
// Each work-group subtracts the mean of its valid elements. `group_sum` is a
// tree reduction through local memory with barriers; the kernel calls it
// inside the bounds check, so in the last work-group only the work-items that
// hold data enter the helper and the others never reach its barriers. A call
// to a function that executes a barrier is itself a barrier for this rule.
// Fixed in helper_divergent_call_fixed.cl: the helper is called by everyone
// and the out-of-range work-items contribute 0. ok_helper_uniform.cl calls the
// same helper from uniform control only.
// RUN-CONFIG: --local-size=64
float group_sum(__local float *scratch, float v)
{
    int lid = get_local_id(0);
    scratch[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float total = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE); /* scratch may be reused by the caller */
    return total;
}

__kernel void center_blocks(__global const float *in, __global float *out,
                            __local float *scratch, int n)
{
    int gid = get_global_id(0);
    int lsz = get_local_size(0);
    int first = get_group_id(0) * lsz;
    int count = min(lsz, n - first);

    if (gid < n) {
        float total = group_sum(scratch, in[gid]); // expected-error {{call to 'group_sum', which executes a barrier}}
        out[gid] = in[gid] - total / (float)count;
    }
}
