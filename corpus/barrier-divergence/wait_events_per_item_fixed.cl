// The fixed twin of wait_events_per_item.cl: every work-item waits for both
// copies, with the same arguments.
// RUN-CONFIG: --local-size=32
// expected-no-diagnostics
__kernel void two_tiles(__global const float *in, __global float *out)
{
    __local float t0[32];
    __local float t1[32];
    event_t ev[2];
    size_t base = get_group_id(0) * 64;
    ev[0] = async_work_group_copy(t0, in + base, 32, 0);
    ev[1] = async_work_group_copy(t1, in + base + 32, 32, 0);
    size_t l = get_local_id(0);
    wait_group_events(2, ev);
    out[get_global_id(0)] = t0[l] + t1[l];
}
