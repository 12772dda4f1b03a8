// Pointer arguments advanced to the work-item's first element, the way
// older vendor samples write it: d_Dst += group * 128 + lid, then stores
// at d_Dst[0] and d_Dst[1]. Each work-item means to store two elements,
// but the second should be 64 further (the other half of the group's
// block); at d_Dst[1] it lands on the next work-item's first element, so
// work-items 0 and 1 both store d_Dst[1] of the group's block, with
// different values. Fixed in pointer_advanced_pairs_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void copy_halves(__global float *d_Dst, __global const float *d_Src)
{
    d_Src += get_group_id(0) * 128 + get_local_id(0);
    d_Dst += get_group_id(0) * 128 + get_local_id(0);
    d_Dst[0] = d_Src[0];
    d_Dst[1] = d_Src[64]; // expected-error {{global-memory race on d_Dst}}
}
