// wrapped_blocks.cl with one block per group: quiet.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void fold(__global const float *in, __global float *out)
{
    int g = get_group_id(0), lid = get_local_id(0);
    out[g * 64 + lid] = in[g * 64 + lid];
}
