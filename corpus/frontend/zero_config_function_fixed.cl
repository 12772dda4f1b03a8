// Fixed twin of zero_config_function.cl: a barrier before each step.
// idx(l), a subscript, is an unknown int: its result is used as an integer.
// expected-note@1 {{not defined by the build: init and binOp, analyzed as functions (each call an unknown float of its arguments); idx, analyzed as a function (each call an unknown int of its arguments, used as an integer)}}
__kernel void reduce(__global const float *in, __global float *out)
{
    __local float s[64];
    int l = get_local_id(0);
    s[l] = init(in[get_global_id(0)]);
    for (int d = 32; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (l < d)
            s[l] = binOp(s[l], s[l + d]);
    }
    if (l == 0)
        out[get_group_id(0) + idx(0)] = s[0];
}
