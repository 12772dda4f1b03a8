// The same planes as ok_constant_offsets.cl (inter-group-race), with a
// table whose offsets are 32 apart for groups of 64: plane 1 of work-item 0
// is plane 0 of work-item 32, so two work-items of one group write one
// element with no order between them. The race rests on the table's values,
// which clsynclint reads from its initializer.
// RUN-CONFIG: --local-size=64
__constant int offs[3] = { 0, 32, 64 };

__kernel void planes(__global const float *in, __global float *out)
{
    int l = get_local_id(0), g = get_group_id(0);
    for (int i = 0; i < 3; i++)
        out[g * 192 + offs[i] + l] = in[get_global_id(0)] * (float)(i + 1); // expected-error {{global-memory race}}
}
