// The group's async copy fills a __local tile, and each work-item reads its
// neighbour's element before waiting for the copy.
//
// async_work_group_copy is one copy by the whole work-group; its elements
// are in the tile only once wait_group_events returns. Reading tile[...]
// before the wait reads an element the copy may not have written yet.
// Fixed in async_copy_read_before_wait_fixed.cl: wait first.
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel void reverse_tile(__global const float *in, __global float *out)
{
    __local float tile[64];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    event_t e = async_work_group_copy(tile, in + base, 64, 0); // expected-note {{the other access}}
    // expected-note@+1 {{a barrier does not wait for an async copy}}
    float v = tile[63 - lid]; // expected-error {{local-memory race on tile}}
    wait_group_events(1, &e);
    out[base + lid] = v;
}
