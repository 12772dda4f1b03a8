// constant_offsets_overlap.cl fixed: the offsets are a group wide (64), so
// the planes do not overlap and every element has one writer.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__constant int offs[3] = { 0, 64, 128 };

__kernel void planes(__global const float *in, __global float *out)
{
    int l = get_local_id(0), g = get_group_id(0);
    for (int i = 0; i < 3; i++)
        out[g * 192 + offs[i] + l] = in[get_global_id(0)] * (float)(i + 1);
}
