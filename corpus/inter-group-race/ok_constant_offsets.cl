// Three planes of a group's block, found through a __constant table of
// offsets: plane i of group g is out[g * 192 + offs[i] + lid], lid < 64.
//
// The table's values are known (0, 64, 128): the planes are 64 elements
// apart, as wide as the group, so no two work-items, of one group or of two,
// write one element. clsynclint reads the initializer of a __constant table
// and uses its values, instead of treating offs[i] as unknown data (with
// which two groups could collide).
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__constant int offs[3] = { 0, 64, 128 };

__kernel void planes(__global const float *in, __global float *out)
{
    int l = get_local_id(0), g = get_group_id(0);
    for (int i = 0; i < 3; i++)
        out[g * 192 + offs[i] + l] = in[get_global_id(0)] * (float)(i + 1);
}
