// probe: sub-groups through the cl_khr_subgroups extension, -cl-std=CL2.0.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
__kernel void probe(__global const float *in, __global float *out, __local float *s)
{
    float v = in[get_global_id(0)];
    out[get_global_id(0)] = sub_group_reduce_add(v) * 0.0f + (float)get_sub_group_size() * 0.0f + v;
    (void)s;
}
