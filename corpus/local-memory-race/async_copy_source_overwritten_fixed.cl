// The fixed twin of async_copy_source_overwritten.cl: the work-items wait for
// the copy before they overwrite its source.
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel void two_steps(__global const float *in, __global float *out,
                        __global float *out2)
{
    __local float tile[64];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    tile[lid] = in[base + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t e = async_work_group_copy(out + base, tile, 64, 0);
    wait_group_events(1, &e);
    tile[lid] = 2.0f * tile[lid];
    out2[base + lid] = tile[lid];
}
