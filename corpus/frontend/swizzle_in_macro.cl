// A vector component selected inside a macro's body.
//
// X_OF(p) expands to `(p).x`. Each work-item writes the x component of its
// own point and reads the x component of its neighbour's, with no barrier
// between: a race. The component's name is in the macro's body, not in the
// text of the statement, which reads `X_OF(pts[(lid + 1) % 64])`; a linter
// that took the last identifier of that text for the component (`lid`) saw
// two different components and missed the race. clsynclint takes such a
// component as the whole vector. Fixed in swizzle_in_macro_fixed.cl.
// RUN-CONFIG: --local-size=64
#define X_OF(p) (p).x

__kernel void shift_x(__global float *out, __local float2 *pts)
{
    int lid = get_local_id(0);
    pts[lid].x = (float)lid;
    out[get_global_id(0)] = X_OF(pts[(lid + 1) % 64]); // expected-error {{local-memory race on pts[}}
}
