// Pure functions of uniform values stay uniform; one divergent operand spoils them.
__kernel void k(__global float *o, float x, int n)
{
    float u = sqrt(x) * 2.0f + (float)n;
    float v = u + get_local_id(0);
    int w = n > 3 ? n : -n;
    int z = n > 3 ? get_local_id(0) : 0;
    o[0] = u + v + w + z;
}
