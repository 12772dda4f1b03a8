// A divergent break out of a uniform loop makes the counter divergent after it.
__kernel void k(__global const int *a, __global int *o, int n)
{
    int i;
    for (i = 0; i < n; i++) {
        if (a[i] == get_local_id(0))
            break;
    }
    o[0] = i;
}
