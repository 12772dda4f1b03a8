// Unit-test kernel file: two kernels, one with attributes ("kernel" in a
// comment does not count: kernel void not_me(void)).
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void first(__global float *x) { x[0] = 1.0f; }
kernel void __attribute__((vec_type_hint(float4))) second(__global float *x) { x[1] = 2.0f; }
