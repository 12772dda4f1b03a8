// The fixed twin of async_wait_wrong_event.cl: both copies are waited for
// (one wait per event) before the tiles are read.
// expected-no-diagnostics
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel void tile_axpy(__global const float *x, __global const float *y, __global float *out,
                        float a)
{
    __local float tx[64], ty[64];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    event_t ex = async_work_group_copy(tx, x + base, 64, 0);
    event_t ey = async_work_group_copy(ty, y + base, 64, 0);
    wait_group_events(1, &ex);
    wait_group_events(1, &ey);
    out[base + lid] = a * tx[lid] + ty[lid];
}
