// A variable assigned under a divergent branch is divergent after the join,
// even when both arms assign uniform values.
__kernel void k(__global int *o, int n)
{
    int x;
    if (get_local_id(0) < 4)
        x = 1;
    else
        x = 2;
    if (x == 1)
        o[0] = n;
}
