// A pointer offset by a divergent value is divergent; loads through it too.
__kernel void k(__global float *a, __global float *o)
{
    __global float *row = a + get_group_id(0) * 64;
    __global float *mine = row + get_local_id(0);
    float x = row[0];
    float y = *mine;
    o[0] = x + y;
}
