// An async copy into a buffer chosen by swapping pointers: not modelled.
//
// Double buffering: each pass copies a block of `in` into the __local buffer
// `nxt`, waits for it, uses it, and swaps `cur` and `nxt`. clsynclint models
// an async copy as accesses of the work-group to the elements it moves, but
// here it cannot tell which buffer `nxt` points to in a given pass, so it
// cannot place the copy's writes. It says so with the unsupported note, at
// the copy, rather than calling the kernel race-free; --strict turns the
// note into an error. The copy and the wait are still checked as
// barrier-like calls (the whole group reaches them here).
// RUN-CONFIG: --local-size=64
__kernel void gather(__global const float *in, __global float *out, __local float *a,
                     __local float *b, int n)
{
    int lid = get_local_id(0);
    __local float *cur = a, *nxt = b;
    for (int i = 0; i < n; i++) {
        // expected-note@+2 {{unsupported: the destination of 'async_work_group_copy' is not modelled}}
        // expected-note@+1 {{unsupported: an access through a pointer the analysis does not follow}}
        event_t e = async_work_group_copy(nxt, in + i * 64, 64, 0);
        wait_group_events(1, &e);
        // expected-note@+1 {{unsupported: an access through a pointer the analysis does not follow}}
        out[i * 64 + lid] = nxt[63 - lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        __local float *t = cur;
        cur = nxt;
        nxt = t;
    }
}
