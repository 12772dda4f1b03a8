// The fixed twin of async_copy_per_item_source.cl: the copy's source is the
// group's base, the same for every work-item of the group.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void tile_scale(__global const float *in, __global float *out, float k,
                         __local float *tile)
{
    int lid = get_local_id(0);
    event_t ev = async_work_group_copy(tile, in + get_group_id(0) * 64, 64, 0);
    wait_group_events(1, &ev);
    out[get_global_id(0)] = k * tile[63 - lid];
}
