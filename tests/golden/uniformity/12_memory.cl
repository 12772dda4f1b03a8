// Loads take the level of their address: s[0] is uniform, s[lid] divergent;
// a flag written by one work-item and read by all after a barrier is uniform.
__kernel void k(__global const float *a, __global float *o, __local float *s)
{
    int lid = get_local_id(0);
    s[lid] = a[lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    float first = s[0];
    float mine = s[lid];
    __local int flag;
    if (lid == 0)
        flag = first > 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (flag)
        o[0] = first + mine;
}
