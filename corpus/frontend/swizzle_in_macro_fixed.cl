// Fixed twin of swizzle_in_macro.cl: a barrier between the store of the x
// components and the read of the neighbour's through the macro.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
#define X_OF(p) (p).x

__kernel void shift_x(__global float *out, __local float2 *pts)
{
    int lid = get_local_id(0);
    pts[lid].x = (float)lid;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = X_OF(pts[(lid + 1) % 64]);
}
