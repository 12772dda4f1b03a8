// Private arrays: writing a divergent element index makes the whole array divergent.
__kernel void k(__global int *o, int n)
{
    int u[4] = {0, 0, 0, 0};
    int d[4] = {0, 0, 0, 0};
    u[1] = n;
    d[get_local_id(0) & 3] = 1;
    o[0] = u[2] + d[0];
}
