// A generic pointer that may point to __global or to __local memory,
// depending on a kernel argument: the store through it cannot be tied to
// one object, so the race rules do not see it (here it would race with the
// helper's store to l[lid + 1]).  Reported as unsupported, not skipped in
// silence; a helper whose generic parameter receives a known pointer is
// resolved through the call and needs no note.
void put(float *p, int i) { p[i] = 1.0f; }

__kernel void k(__global float *g, __local float *l, int which)
{
    float *p;
    if (which)
        p = g;
    else
        p = l;
    p[get_local_id(0)] = 1.0f; // expected-note {{unsupported: an access through a generic pointer}}
    put(l, get_local_id(0) + 1);
    barrier(CLK_LOCAL_MEM_FENCE);
    g[get_global_id(0)] = l[get_local_id(0)];
}
