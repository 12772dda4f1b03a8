// probe: double precision (cl_khr_fp64 / __opencl_c_fp64).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void probe(__global const float *in, __global float *out, __local float *s)
{
    double d = (double)in[get_global_id(0)] * 3.0;
    out[get_global_id(0)] = (float)(d / 3.0);
    (void)s;
}
