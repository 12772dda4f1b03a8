// The fixed twin of split_local_buffer_shift.cl: a barrier between the
// stores of the parts and the reads of the neighbour's element.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void shift_hi(__global const float *in, __global float *out, __local float *buf, int n)
{
    int lid = get_local_id(0);
    int gid = get_global_id(0);
    __local float *lo = buf;
    __local float *hi = &lo[n];

    lo[lid] = in[gid];
    hi[lid] = 2.0f * in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    int right = lid + 1 < n ? lid + 1 : lid;
    out[gid] = lo[lid] + hi[right];
}
