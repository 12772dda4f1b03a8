// Flow-sensitive: a variable is divergent only where a divergent value reaches it.
__kernel void k(__global int *o, int n)
{
    int i = get_local_id(0);
    o[i] = 1;
    i = n;
    if (i > 2)
        o[0] = i;
}
