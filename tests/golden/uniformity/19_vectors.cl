// Vector components carry their vector's level.
__kernel void k(__global float4 *a, __global float *o, float4 u)
{
    float4 v = a[get_local_id(0)];
    float x = u.x + u.w;
    float y = v.y;
    o[0] = x + y;
}
