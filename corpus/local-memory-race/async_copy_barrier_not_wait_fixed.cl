// The fixed twin of async_copy_barrier_not_wait.cl: the group waits for
// the copy's event before any work-item reads the tile (the wait is a
// work-group function: every work-item returns from it with the copy
// done, and no barrier is needed).
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel void mirror_tile(__global const float *in, __global float *out)
{
    __local float tile[64];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    event_t e = async_work_group_copy(tile, in + base, 64, 0);
    wait_group_events(1, &e);
    out[base + lid] = tile[63 - lid];
}
