// A buffer split into parts (as in ok_split_local_buffer.cl), with a real
// race inside one part: each work-item writes its element of `hi` and then
// reads its right neighbour's element of `hi`, which that neighbour writes
// with no barrier in between. The split changes nothing about it.
// Fixed in split_local_buffer_shift_fixed.cl with a barrier.
// RUN-CONFIG: --local-size=64
__kernel void shift_hi(__global const float *in, __global float *out, __local float *buf, int n)
{
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    __local float *lo = buf;
    __local float *hi = &lo[n];

    lo[lid] = in[gid];
    hi[lid] = 2.0f * in[gid];
    int right = lid + 1 < n ? lid + 1 : lid;
    out[gid] = lo[lid] + hi[right]; // expected-error {{local-memory race on hi[right]}}
}
