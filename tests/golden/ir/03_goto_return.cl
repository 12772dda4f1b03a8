// Early returns go to the exit; goto targets become blocks.
int f(int x)
{
    if (x < 0)
        return -x;
    return x;
}
__kernel void k(__global int *o, int n)
{
    if (n == 0)
        goto done;
    o[0] = f(n);
done:
    return;
}
