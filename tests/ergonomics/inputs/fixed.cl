// divergent.cl with the barrier taken by every work-item: no findings.
__kernel void stage(__global const float *in, __global float *out, __local float *tmp)
{
    int lid = get_local_id(0);
    tmp[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[get_local_size(0) - 1 - lid];
}
