// A loop whose exit depends on the work-item: values live out of it are divergent,
// values computed inside it are uniform among the work-items still in it.
__kernel void k(__global float *o, int n)
{
    int lid = get_local_id(0);
    int i = 0, steps = 0;
    while (i < lid) {
        steps = steps + 1;
        i++;
    }
    if (steps > 3)
        o[0] = 1;
}
