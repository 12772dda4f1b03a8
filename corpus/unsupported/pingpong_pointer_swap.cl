// A double-buffered scan step that swaps two __local pointers at the end
// of each pass: which array `src` and `dst` point to depends on the pass.
// The analysis does not follow pointers swapped in a loop, so the accesses
// through them are not compared: a note at each says so, rather than a
// quiet "race-free". (This kernel is missing a barrier after the store
// through `dst`: the read through `src` in the same pass reads the array
// other work-items are storing into. A rewrite with one array and an
// offset that flips each pass, s[pout * 64 + lid], is checked.)
// RUN-CONFIG: --local-size=64
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void shift_twice(__global float *out)
{
    __local float a[64], b[64];
    __local float *src = a, *dst = b;
    int lid = get_local_id(0);
    for (int i = 0; i < 2; i++) {
        // expected-note@+1 {{unsupported: an access through a pointer the analysis does not follow}}
        dst[lid] = lid;
        __local float *t = src;
        src = dst;
        dst = t;
        // expected-note@+1 {{unsupported: an access through a pointer the analysis does not follow}}
        out[lid] += src[63 - lid];
    }
}
