// The group copies a __local tile out with async_work_group_copy and, while
// the copy is still in flight, each work-item overwrites its element of the
// tile with the next value.
//
// The copy reads tile[0..64) at times of the implementation's choosing until
// wait_group_events returns: a store into the source before the wait may
// land before the copy reads that element, and the old value is lost.
// Fixed in async_copy_source_overwritten_fixed.cl: wait, then overwrite.
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel void two_steps(__global const float *in, __global float *out,
                        __global float *out2)
{
    __local float tile[64];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    tile[lid] = in[base + lid];
    barrier(CLK_LOCAL_MEM_FENCE);
    event_t e = async_work_group_copy(out + base, tile, 64, 0); // expected-note {{the other access}}
    // expected-note@+1 {{a barrier does not wait for an async copy}}
    tile[lid] = 2.0f * tile[lid]; // expected-error {{local-memory race on tile}}
    wait_group_events(1, &e);
    out2[base + lid] = tile[lid];
}
