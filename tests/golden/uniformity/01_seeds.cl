// Seeds: work-item ids are divergent, group ids and sizes uniform.
__kernel void k(__global int *o, int n)
{
    int a = get_local_id(0);
    int b = get_global_id(1);
    int c = get_group_id(0);
    int d = get_local_size(0) * get_num_groups(0) + get_global_size(0);
    int e = get_sub_group_id();
    int f = get_local_linear_id();
    int g = n + 3;
    o[0] = a + b + c + d + e + f + g;
}
