// Two symbolic work-groups: any two, however far apart and however many
// dimensions they differ in.
__kernel void wrapped(__global float *out)
{
    out[(get_group_id(0) % 10) * 64 + get_local_id(0)] = (float)get_group_id(0);
}

__kernel void diagonal(__global float *out)
{
    int b = get_group_id(0) + get_group_id(1);
    out[b * 64 + get_local_id(1) * 8 + get_local_id(0)] = (float)get_group_id(0);
}

__kernel void own_blocks(__global float *out)
{
    int b = get_group_id(1) * get_num_groups(0) + get_group_id(0);
    out[b * 64 + get_local_id(1) * 8 + get_local_id(0)] = (float)get_group_id(0);
}
