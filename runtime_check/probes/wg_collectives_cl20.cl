// probe: work-group collective functions (work_group_reduce_add,
// work_group_broadcast), core in OpenCL C 2.0, -cl-std=CL2.0.
__kernel void probe(__global const float *in, __global float *out, __local float *s)
{
    float v = in[get_global_id(0)];
    float sum = work_group_reduce_add(v);
    float first = work_group_broadcast(v, 0);
    out[get_global_id(0)] = sum + first;
    (void)s;
}
