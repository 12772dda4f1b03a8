// A tile is brought in with async_work_group_copy, and the work-group then
// meets at a barrier, as if the barrier made the copy's data visible. It
// does not: the copy is done only when a wait_group_events for its event
// returns, and the barrier neither waits for the copy nor orders its
// stores. Each work-item reads a mirrored element of the tile after the
// barrier, while the copy may still be writing it; the wait comes too late.
// Fixed in async_copy_barrier_not_wait_fixed.cl: wait, then read.
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel void mirror_tile(__global const float *in, __global float *out)
{
    __local float tile[64];
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    event_t e = async_work_group_copy(tile, in + base, 64, 0); // expected-note {{the other access}}
    barrier(CLK_LOCAL_MEM_FENCE);
    // expected-note@+1 {{a barrier does not wait for an async copy}}
    out[base + lid] = tile[63 - lid]; // expected-error {{local-memory race on tile}}
    wait_group_events(1, &e);
}
