// `async_work_group_copy` and `wait_group_events` called by one work-item.
//
// Three-point average of each work-group's tile. The author treats the async
// copy as a DMA request that one work-item issues for everybody and guards
// it with `if (lid == 0)`. But async_work_group_copy is a work-group
// function: every work-item of the group must encounter it with the same
// arguments, and wait_group_events too. Fixed in async_copy_divergent_fixed.cl:
// the whole group issues the copy and waits for it, as it already does for
// the copy back to global memory.
// RUN-CONFIG: --local-size=64
__kernel void tile_average(__global const float *in, __global float *out,
                           __local float *tile, __local float *res)
{
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int base = get_group_id(0) * lsz;

    if (lid == 0) {
        event_t ev = async_work_group_copy(tile, in + base, lsz, 0); // expected-error {{async copy 'async_work_group_copy' reached under divergent control flow}}
        wait_group_events(1, &ev); // expected-error {{'wait_group_events' reached under divergent control flow}}
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    float c = tile[lid];
    float left = lid > 0 ? tile[lid - 1] : c;
    float right = lid < lsz - 1 ? tile[lid + 1] : c;
    res[lid] = (left + c + right) / 3.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    event_t back = async_work_group_copy(out + base, res, lsz, 0);
    wait_group_events(1, &back);
}
