// Fixed twin of loop_trip_lid.cl.
//
// The loop walks over the chunk bases 0, lsz, 2*lsz, ... < n: the same trip
// count for every work-item of the group, so every work-item reaches both
// barriers on every iteration. In the last, partial chunk the work-items past
// the end of x simply do not load; they still take part in the barriers.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void matvec_staged(__global const float *a, __global const float *x,
                            __global float *y, __local float *xs, int n)
{
    int row = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    float acc = 0.0f;

    for (int base = 0; base < n; base += lsz) {
        if (base + lid < n)
            xs[lid] = x[base + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        int len = min(lsz, n - base);
        for (int k = 0; k < len; k++)
            acc += a[row * n + base + k] * xs[k];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    y[row] = acc;
}
