// probe: work-group collective functions under -cl-std=CL3.0, where they are
// the optional feature __opencl_c_work_group_collective_functions.
#ifndef __opencl_c_work_group_collective_functions
#error "no __opencl_c_work_group_collective_functions"
#endif
__kernel void probe(__global const float *in, __global float *out, __local float *s)
{
    float v = in[get_global_id(0)];
    out[get_global_id(0)] = work_group_reduce_add(v) + work_group_broadcast(v, 0);
    (void)s;
}
