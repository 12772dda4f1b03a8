// The same under a uniform branch stays uniform.
__kernel void k(__global int *o, int n)
{
    int x;
    if (n < 4)
        x = 1;
    else
        x = 2;
    if (x == 1)
        o[0] = n;
}
