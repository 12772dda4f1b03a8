// An axpy over __local tiles filled by two async copies, one event each:
// the work-group waits for the copy of x, then uses both tiles, and waits
// for the copy of y only at the end.
//
// A wait ends the copies of the events in its list and no other: while the
// work-items read ty, the copy of y may still be writing it, so a work-item
// can add a stale element. A barrier would not help either; only a wait for
// ey does. Fixed in async_wait_wrong_event_fixed.cl, which waits for both
// events before the tiles are read.
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel void tile_axpy(__global const float *x, __global const float *y, __global float *out,
                        float a)
{
    __local float tx[64], ty[64];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    event_t ex = async_work_group_copy(tx, x + base, 64, 0);
    event_t ey = async_work_group_copy(ty, y + base, 64, 0); // expected-note {{the other access}}
    wait_group_events(1, &ex);
    // expected-note@+1 {{a barrier does not wait for an async copy}}
    out[base + lid] = a * tx[lid] + ty[lid]; // expected-error {{local-memory race on ty}}
    wait_group_events(1, &ey);
}
