// The fixed twin of async_copy_into_written.cl: the correction is stored
// after the wait, when the copy is complete.
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel void copy_then_fix(__global const float *in, __global float *out)
{
    __local float tile[64];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    tile[lid] = in[base + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t e = async_work_group_copy(out + base, tile, 64, 0);
    wait_group_events(1, &e);
    out[base + lid] = tile[lid] + 1.0f;
}
