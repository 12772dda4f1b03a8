// The group copies its tile into `out` with async_work_group_copy, and each
// work-item also stores a correction into its own element of `out` before
// the copy completes.
//
// The copy writes out[base .. base + 64) at times of the implementation's
// choosing until wait_group_events returns, so which of the two stores to
// out[base + lid] lands last is not defined. Fixed in
// async_copy_into_written_fixed.cl: the correction after the wait.
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel void copy_then_fix(__global const float *in, __global float *out)
{
    __local float tile[64];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    tile[lid] = in[base + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t e = async_work_group_copy(out + base, tile, 64, 0); // expected-note {{the other access}}
    // expected-note@+1 {{a barrier does not wait for an async copy}}
    out[base + lid] = tile[lid] + 1.0f; // expected-error {{global-memory race on out}}
    wait_group_events(1, &e);
}
