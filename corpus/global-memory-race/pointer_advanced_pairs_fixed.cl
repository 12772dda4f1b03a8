// The fixed twin of pointer_advanced_pairs.cl: the second store is 64
// further, in the other half of the group's block.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void copy_halves(__global float *d_Dst, __global const float *d_Src)
{
    d_Src += get_group_id(0) * 128 + get_local_id(0);
    d_Dst += get_group_id(0) * 128 + get_local_id(0);
    d_Dst[0] = d_Src[0];
    d_Dst[64] = d_Src[64];
}
