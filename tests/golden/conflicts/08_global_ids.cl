// Indices that are get_global_id(0) times u, plus a constant (the group
// test, depend.c): two work-items of different groups never meet at
// out[gid] (free, with no solver call), nor at 2 * gid and 2 * gid + 1;
// gid and gid + 1 meet at the groups' boundary (a race); the group's
// number times its required size is the same as the global id.
__kernel void copy(__global const float *in, __global float *out)
{
    size_t gid = get_global_id(0);
    out[gid] = in[gid] * 2.0f;
}

__kernel void neighbour(__global float *out)
{
    size_t gid = get_global_id(0);
    out[gid] = 1.0f;
    out[gid + 1] = 2.0f;
}

__kernel void pairs(__global float *out)
{
    size_t gid = get_global_id(0);
    out[2 * gid] = 1.0f;
    out[2 * gid + 1] = 2.0f;
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void blocks(__global float *out)
{
    int i = get_group_id(0) * 64 + get_local_id(0);
    out[i] = out[get_global_id(0)] + 1.0f;
}
