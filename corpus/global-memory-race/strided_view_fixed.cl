// strided_view.cl with the layout its host guarantees stated as a fact:
// positive column stride, rows a whole row apart. With it, no two
// work-items can meet, and clsynclint proves it.
// RUN-CONFIG: --local-size=8,8 --report-conditional
// expected-no-diagnostics
// clsynclint: assume s0 >= 1 && s1 >= s0 * get_global_size(0)
__kernel void fill_view(__global float *out, int s0, int s1, float v)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[x * s0 + y * s1] = v + x;
}
