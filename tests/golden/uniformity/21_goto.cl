// goto builds the same regions as structured code.
__kernel void k(__global int *o, int n)
{
    int x = n;
    if (get_local_id(0) > 5)
        goto out;
    x = x + 1;
out:
    o[0] = x;
}
