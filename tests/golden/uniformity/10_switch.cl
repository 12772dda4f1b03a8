// A switch on a divergent value, with fall-through.
__kernel void k(__global int *o, int n)
{
    int x = 0;
    switch (get_local_id(0) & 3) {
    case 0:
        x = 5;
    case 1:
        x += n;
        break;
    default:
        x = n;
    }
    o[0] = x;
}
