// Each work-item touches only its own elements of local memory: quiet.
//
// Grid-stride statistics: work-item lid keeps its running sum and sum of
// squares in sum[lid] and sq[lid] (local scratch instead of registers,
// as register-starved kernels sometimes do) and updates them many times
// with no barrier. No two work-items ever access the same element, so
// there is nothing to order between work-items; a work-item's own
// accesses are ordered by program order.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void moments(__global const float *x, int n, __global float *out,
                      __local float *sum, __local float *sq)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);

    sum[lid] = 0.0f;
    sq[lid] = 0.0f;
    for (int i = gid; i < n; i += get_global_size(0)) {
        float v = x[i];
        sum[lid] += v;
        sq[lid] += v * v;
    }
    out[2 * gid] = sum[lid];
    out[2 * gid + 1] = sq[lid];
}
