// A loop with a uniform bound: the counter is uniform inside and after.
__kernel void k(__global float *o, int n)
{
    float acc = 0;
    int i;
    for (i = 0; i < n; i++)
        acc += 1.0f;
    if (i == n)
        o[0] = acc;
}
