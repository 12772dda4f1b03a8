// A kernel that fixes its work-group size: a --local-size that contradicts
// it is reported, and the kernel's own size is analyzed.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void scale(__global float *x)
{
    x[get_global_id(0)] *= 2.0f;
}
