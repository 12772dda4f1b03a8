// zero_config_type.cl with the barrier in each step: quiet, with real_t
// analyzed as float.
// expected-note@1 {{not defined by the build: real_t, analyzed as float}}
__kernel void sum_real(__global const real_t *in, __global real_t *out, __local real_t *s)
{
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = get_local_size(0) / 2; step > 0; step >>= 1) {
        if (lid < step)
            s[lid] += s[lid + step];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        out[get_group_id(0)] = s[0];
}
