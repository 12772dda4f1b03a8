// Vector addition, one element per work-item with the usual bounds guard:
// correct, quiet.
//
// Work-item gid reads a[gid] and b[gid] and writes c[gid]; no two
// work-items, of one work-group or of different ones, touch the same
// element, and the guard keeps the padding work-items of the last group
// from writing past n. The three pointers are distinct kernel arguments,
// which clsynclint assumes do not alias.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void vector_add(__global const float *a, __global const float *b,
                         __global float *c, int n)
{
    int gid = get_global_id(0);
    if (gid < n)
        c[gid] = a[gid] + b[gid];
}
