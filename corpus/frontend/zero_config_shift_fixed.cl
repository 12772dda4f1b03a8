// zero_config_shift.cl with a barrier between the store and the load: every
// work-item's store is done before any reads, for every value of SHIFT.
// expected-note@1 {{not defined by the build: SHIFT, analyzed as an unknown integer constant}}
__kernel void shift_up(__global const float *in, __global float *out)
{
    __local float s[1024];
    int lid = get_local_id(0);
    s[lid + SHIFT] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[lid] * 0.5f;
}
