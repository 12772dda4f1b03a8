// The fixed twin of async_copy_read_before_wait.cl: the work-items wait for
// the copy before they read the tile.
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel void reverse_tile(__global const float *in, __global float *out)
{
    __local float tile[64];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    event_t e = async_work_group_copy(tile, in + base, 64, 0);
    wait_group_events(1, &e);
    float v = tile[63 - lid];
    out[base + lid] = v;
}
