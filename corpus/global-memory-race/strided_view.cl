// A 2-D strided view: the element of work-item (x, y) is x * s0 + y * s1.
//
// Written for views whose rows do not overlap (s0 >= 1 and s1 at least a
// whole row, s0 * get_global_size(0)), the kernel is correct. With other
// strides two work-items share an element: s0 = s1 = 1 makes (1, 0) and
// (0, 1) both write element 1. clsynclint no longer picks values for s0 and
// s1 itself (it used to take 65536 for both and report a race that rested
// on that choice). Since the race needs a coincidence of arguments that
// correct callers rule out, it is reported only with --report-conditional,
// with its condition, as a warning. strided_view_fixed.cl states the layout
// with an assume comment and is quiet even then; runtime_check launches
// this kernel with s0 = s1 = 1 to show the collision the condition names.
// RUN-CONFIG: --local-size=8,8 --report-conditional
__kernel void fill_view(__global float *out, int s0, int s1, float v)
{
    int x = get_global_id(0), y = get_global_id(1);
    out[x * s0 + y * s1] = v + x; // expected-warning {{when 's1' < 's0' * get_global_size(0) or 's0' <= 0}}
}
