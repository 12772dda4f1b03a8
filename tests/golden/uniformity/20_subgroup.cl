// get_sub_group_id is uniform within a sub-group: sub-group-uniform.
__kernel void k(__global int *o)
{
    int sg = get_sub_group_id();
    int sl = get_sub_group_local_id();
    if (sg == 0)
        o[0] = sg;
    if (sl == 0)
        o[1] = sl;
}
