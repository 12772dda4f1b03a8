// Conditions are split at && || and ! into separate branches.
__kernel void k(__global int *o, int a, int b, int c)
{
    if ((a && b) || !c)
        o[0] = 1;
    while (a > 0 && o[a] != 0)
        a--;
}
