// Unit-test kernel file: one kernel behind an attribute; a helper that is not
// a kernel; "kernel void decoy(void)" in a comment.
float helper(float v) { return v * 2.0f; }
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void strided(__global float *x) { x[0] = helper(1.0f); }
