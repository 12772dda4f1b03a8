// An index computed in float arithmetic and converted to an integer:
// (int)(lid * 0.5f), a resize's source coordinate. The analyses do not
// model float arithmetic, so the pair with the store is not decided, and
// a note says so rather than a quiet "race-free". (This kernel is missing
// a barrier between the store and the read: work-item 2 reads s[1] while
// work-item 1 may still be storing it. Written s[lid / 2], it is
// reported.) A read of
// __global memory at a float coordinate gets no note: it races only with
// a write, which would get one.
// RUN-CONFIG: --local-size=64
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void half_shift(__global const float *x, __global float *y)
{
    __local float s[64];
    int lid = get_local_id(0);
    s[lid] = x[get_global_id(0) + (int)(lid * 0.75f)];
    // expected-note@+1 {{unsupported: an index converted from a float value is not modelled}}
    y[get_global_id(0)] = s[(int)(lid * 0.5f)];
}
