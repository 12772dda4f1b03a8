// Built-ins that write through a pointer give it their arguments' level.
__kernel void k(__global float *o, float x)
{
    float ip, jp;
    float f1 = fract(x, &ip);
    float f2 = fract((float)get_local_id(0), &jp);
    o[0] = f1 + f2 + ip + jp;
}
