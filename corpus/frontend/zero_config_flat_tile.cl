// Zero configuration: rows of TILE elements mirrored through a tile kept in
// a one-dimensional array of TILE * TILE elements, TILE from the host's
// build options.
//
// The host launches TILE x TILE work-items per group, and the kernel is
// correct: group row gy handles rows gy * TILE to gy * TILE + TILE - 1 of
// the image. With TILE an unknown, the array's bounds enter only the
// questions about the array itself, and a group taller than TILE would have
// two groups write one row; but no race is reported unless it happens at
// the witness work-group size, and a taller group is a launch nobody wrote.
// (This was a known false alarm until races had to exist at that size.)
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
