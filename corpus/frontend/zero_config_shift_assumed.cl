// zero_config_shift.cl, still without a barrier, with the fact its host
// guarantees stated in a comment: SHIFT is at least the work-group size,
// so the places written and read are apart. A fact may name a macro
// constant nothing defines, as it names kernel arguments.
// expected-note@1 {{not defined by the build: SHIFT, analyzed as an unknown integer constant}}
// clsynclint: assume SHIFT >= get_local_size(0)
__kernel void shift_up(__global const float *in, __global float *out)
{
    __local float s[1024];
    int lid = get_local_id(0);
    s[lid + SHIFT] = in[get_global_id(0)];
    out[get_global_id(0)] = s[lid] * 0.5f;
}
