// A helper that stores a divergent value through a pointer parameter.
void pick(int *out, int v) { *out = v + get_local_id(0); }
void keep(int *out, int v) { *out = v; }
__kernel void k(__global int *o, int n)
{
    int x = 0, y = 0;
    pick(&x, n);
    keep(&y, n);
    o[0] = x + y;
}
