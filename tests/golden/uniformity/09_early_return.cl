// A divergent early return: everything after it runs for some work-items only.
__kernel void k(__global int *o, int n)
{
    int gid = get_global_id(0);
    if (gid >= n)
        return;
    int u = n * 2;
    o[gid] = u;
}
