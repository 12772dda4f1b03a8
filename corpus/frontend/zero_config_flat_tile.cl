// Zero configuration, a known false alarm: rows of TILE elements mirrored
// through a tile kept in a one-dimensional array of TILE * TILE elements,
// TILE from the host's build options.
//
// The host launches TILE x TILE work-items per group, and the kernel is
// correct: group row gy handles rows gy * TILE to gy * TILE + TILE - 1 of
// the image. With TILE written as a number, clsynclint bounds the group by
// the array (no taller group keeps every access inside it) and stays
// quiet. With TILE an unknown, the array's bounds enter only the questions
// about the array itself, for the two work-items each is about, and no
// question about `out` excludes a group taller than TILE, in which two
// groups would write one row.
// XFAIL: a one-dimensional array whose length is a macro does not bound the launch
// expected-note@1 {{not defined by the build: TILE, analyzed as an unknown integer constant}}

// clsynclint: assume w >= get_global_size(0)
__kernel void mirror_rows(__global const float *in, __global float *out, int w)
{
    __local float s[TILE * TILE];
    int lx = get_local_id(0), ly = get_local_id(1);
    int x = get_global_id(0), y = get_group_id(1) * TILE + ly;
    s[ly * TILE + lx] = in[y * w + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[y * w + x] = s[ly * TILE + (TILE - 1 - lx)];
}
