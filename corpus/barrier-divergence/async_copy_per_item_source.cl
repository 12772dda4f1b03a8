// An async copy whose source differs between work-items.
//
// Each work-group loads its tile of `in` with async_work_group_copy, but the
// author wrote the source as each work-item's own element, in +
// get_global_id(0), as for a plain load. The copy is one copy performed by
// the whole group: every work-item must pass the same arguments, and with
// different ones the result is undefined (an implementation that splits the
// copy between the work-items gives each element from a different source
// offset). Fixed in async_copy_per_item_source_fixed.cl: the group's base.
// RUN-CONFIG: --local-size=64
__kernel void tile_scale(__global const float *in, __global float *out, float k,
                         __local float *tile)
{
    int lid = get_local_id(0);
    event_t ev = async_work_group_copy(tile, in + get_global_id(0), 64, 0); // expected-error {{async copy 'async_work_group_copy' with arguments that differ between work-items}}
    wait_group_events(1, &ev);
    out[get_global_id(0)] = k * tile[63 - lid];
}
