// --dump=accesses: __local and __global sites, an atomic through &x[i] and
// through a pointer, a barrier in the kernel and one in a helper (listed
// with the helper's name), and an async copy (a `copy` line for each side)
// and its wait.
void sync_local(void)
{
    barrier(CLK_LOCAL_MEM_FENCE);
}

__kernel void sites(__global int *out, __global int *count, __global const int *in,
                    __local int *scratch)
{
    __local int tile[64];
    int lid = get_local_id(0);
    tile[lid] = in[get_global_id(0)];
    atomic_inc(&count[0]);
    atomic_add(count, 2);
    barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
    scratch[lid] = tile[63 - lid];
    sync_local();
    event_t e = async_work_group_copy(out, scratch, 64, 0);
    wait_group_events(1, &e);
}
