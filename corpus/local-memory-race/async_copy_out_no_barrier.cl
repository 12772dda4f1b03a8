// Each work-item writes its element of a __local tile, and the group then
// copies the tile out with async_work_group_copy, with no barrier between:
// the copy may read an element before the work-item that owns it has
// written it.
//
// The copy is done by the work-group as a whole, by whichever work-items
// the implementation picks, so it reads tile[i] concurrently with work-item
// i's store unless a barrier orders them (found by fuzz/kgen.py against
// Oclgrind, issue 20, seeds 314 and 349). The analysis models the copy as
// the group's reads of tile[0..64), live from the call's interval until the
// wait. Fixed in async_copy_out_no_barrier_fixed.cl.
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel void scale_out(__global const float *in, __global float *out)
{
    __local float tile[64];
    int lid = get_local_id(0);
    tile[lid] = 2.0f * in[get_global_id(0)]; // expected-note {{the other access}}
    event_t e = async_work_group_copy(out + get_group_id(0) * 64, tile, 64, 0); // expected-error {{local-memory race on tile}}
    wait_group_events(1, &e);
}
