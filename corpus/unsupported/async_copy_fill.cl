// An async copy fills the tile: the elements it moves are not modelled.
//
// The group gathers a block of `in` into tile with async_work_group_copy and
// waits for it. clsynclint checks the copy and the wait as barrier-like calls
// (the whole group reaches them here), but it does not see which elements
// the copy writes, so a race with the copy would go unreported. It says so
// with the unsupported note, at the copy; --strict turns the note into an
// error. Compare async_copy_fill_loop.cl, the same gather written as a loop
// and a barrier, which the race rules do see.
// RUN-CONFIG: --local-size=64
__kernel void gather(__global const float *in, __global float *out, __local float *tile)
{
    int lid = get_local_id(0);
    int base = get_group_id(0) * 64;
    // expected-note@+1 {{unsupported: the memory that 'async_work_group_copy' reads and writes}}
    event_t e = async_work_group_copy(tile, in + base, 64, 0);
    wait_group_events(1, &e);
    out[base + lid] = tile[63 - lid];
}
