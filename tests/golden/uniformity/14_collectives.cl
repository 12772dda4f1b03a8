// Work-group reductions and broadcasts are uniform; scans are not;
// sub-group reductions are uniform within a sub-group only.
__kernel void k(__global int *o)
{
    int lid = get_local_id(0);
    int total = work_group_reduce_add(lid);
    int prefix = work_group_scan_exclusive_add(lid);
    int first = work_group_broadcast(lid, 0);
    int sg = sub_group_reduce_add(lid);
    o[lid] = total + prefix + first + sg;
}
