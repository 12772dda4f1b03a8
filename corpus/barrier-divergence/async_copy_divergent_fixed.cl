// Fixed twin of async_copy_divergent.cl.
//
// Every work-item of the group encounters the async copy with the same
// arguments and waits for its event; the copy itself is shared among them by
// the implementation.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void tile_average(__global const float *in, __global float *out,
                           __local float *tile, __local float *res)
{
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int base = get_group_id(0) * lsz;

    event_t ev = async_work_group_copy(tile, in + base, lsz, 0);
    wait_group_events(1, &ev);
    barrier(CLK_LOCAL_MEM_FENCE);

    float c = tile[lid];
    float left = lid > 0 ? tile[lid - 1] : c;
    float right = lid < lsz - 1 ? tile[lid + 1] : c;
    res[lid] = (left + c + right) / 3.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    event_t back = async_work_group_copy(out + base, res, lsz, 0);
    wait_group_events(1, &back);
}
