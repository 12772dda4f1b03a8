// do-while with a uniform and with a divergent condition.
__kernel void k(__global int *o, int n)
{
    int a = 0, b = 0;
    do { a++; } while (a < n);
    do { b++; } while (b < (int)get_local_id(0));
    o[0] = a + b;
}
