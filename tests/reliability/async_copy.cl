// The elements an async copy moves are not accesses of the race rules: a
// store into the buffer the copy fills races with it, and nothing sees it.
// The copy is still checked as a barrier-like call (it is reached by the
// whole group here), so the only diagnostic is the unsupported note.
__kernel void k(__global const float *in, __local float *tile)
{
    tile[get_local_id(0)] = 0.0f;
    event_t e = async_work_group_copy(tile, in, get_local_size(0), 0);
    wait_group_events(1, &e);
}

// expected-note@8 {{unsupported: the memory that 'async_work_group_copy' reads and writes}}
