// Every work-item writes its own element, named by its global id or by its
// group's number times the required size plus its local id: proved apart
// by the group test (depend.c) before any solver call.
__kernel void copy(__global const float *in, __global float *out)
{
    size_t gid = get_global_id(0);
    out[gid] = in[gid] * 2.0f;
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void blocks(__global float *out)
{
    int i = get_group_id(0) * 64 + get_local_id(0);
    out[i] = out[get_global_id(0)] + 1.0f;
}
