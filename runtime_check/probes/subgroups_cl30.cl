// probe: sub-groups under -cl-std=CL3.0 (the feature __opencl_c_subgroups).
#ifndef __opencl_c_subgroups
#error "no __opencl_c_subgroups"
#endif
__kernel void probe(__global const float *in, __global float *out, __local float *s)
{
    float v = in[get_global_id(0)];
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = v + 0.0f * sub_group_reduce_add(v);
    (void)s;
}
