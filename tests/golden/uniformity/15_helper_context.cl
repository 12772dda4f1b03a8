// A helper is analyzed once per calling context: uniform with get_group_id,
// divergent with get_local_id.
int twice(int x) { return 2 * x; }
__kernel void k(__global int *o)
{
    int a = twice(get_group_id(0));
    int b = twice(get_local_id(0));
    o[a] = b;
}
