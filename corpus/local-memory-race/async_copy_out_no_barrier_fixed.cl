// The fixed twin of async_copy_out_no_barrier.cl: a barrier between the
// stores and the copy, so the copy reads a tile every work-item has written.
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel void scale_out(__global const float *in, __global float *out)
{
    __local float tile[64];
    int lid = get_local_id(0);
    tile[lid] = 2.0f * in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t e = async_work_group_copy(out + get_group_id(0) * 64, tile, 64, 0);
    wait_group_events(1, &e);
}
