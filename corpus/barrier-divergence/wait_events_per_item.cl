// Two async copies into two tiles, then each work-item waits for the copy
// of "its" tile: wait_group_events(1, &ev[lid & 1]). A wait is a work-group
// function like the copies: every work-item must reach it with the same
// arguments, and here the event list differs between work-items (the odd
// ones wait for the other copy, and the group as a whole waits for neither
// in full). Oclgrind reports the divergence. Fixed in
// wait_events_per_item_fixed.cl: the whole group waits for both copies.
// RUN-CONFIG: --local-size=32
__kernel void two_tiles(__global const float *in, __global float *out)
{
    __local float t0[32];
    __local float t1[32];
    event_t ev[2];
    size_t base = get_group_id(0) * 64;
    ev[0] = async_work_group_copy(t0, in + base, 32, 0);
    ev[1] = async_work_group_copy(t1, in + base + 32, 32, 0);
    size_t l = get_local_id(0);
    wait_group_events(1, &ev[l & 1]); // expected-error {{'wait_group_events' with arguments that differ between work-items}}
    out[get_global_id(0)] = t0[l] + t1[l];
}
