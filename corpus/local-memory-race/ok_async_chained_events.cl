// Two copies on one event: the second copy is given the first one's event,
// so one wait ends both before either tile is read. Correct; must stay
// quiet.
// expected-no-diagnostics
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel void add_tiles(__global const float *x, __global const float *y, __global float *out)
{
    __local float tx[64], ty[64];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    event_t e = async_work_group_copy(tx, x + base, 64, 0);
    e = async_work_group_copy(ty, y + base, 64, e);
    wait_group_events(1, &e);
    out[base + lid] = tx[lid] + ty[lid];
}
