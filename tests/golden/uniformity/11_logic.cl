// && and || are branches: the right operand runs only for some work-items.
__kernel void k(__global int *o, int n)
{
    int lid = get_local_id(0);
    if (n > 0 && lid < 8)
        o[0] = 1;
    if (n > 0 || n < -5)
        o[1] = 2;
}
