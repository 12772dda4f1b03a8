// probe: plain OpenCL C 1.2 (the baseline every backend should build).
__kernel void probe(__global const float *in, __global float *out, __local float *s)
{
    size_t l = get_local_id(0);
    s[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[get_local_size(0) - 1 - l];
}
