// The elements an async copy moves are accesses of the work-group: a store
// into the buffer the copy fills, with no barrier before the copy, races
// with it (the copy may write tile[i] before or after work-item i's store).
__kernel void k(__global const float *in, __local float *tile)
{
    tile[get_local_id(0)] = 0.0f;
    // expected-error@+1 {{local-memory race on tile}}
    event_t e = async_work_group_copy(tile, in, get_local_size(0), 0);
    wait_group_events(1, &e);
}

// expected-note@6 {{the other access}}
// expected-note@8 {{assuming a work-group of 256 work-items}}
