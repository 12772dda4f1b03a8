// Sharing by reads only: quiet.
//
// An FIR filter. The work-group copies the filter taps into local memory
// (each work-item a strided part), waits at a barrier, and from then on
// every work-item reads every tap, many times, without any more barriers.
// Reads do not conflict with reads; the only writes are before the
// barrier. Correct.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void fir(__global const float *x, __global const float *taps_in,
                  __global float *y, int ntaps, __local float *taps)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    for (int k = lid; k < ntaps; k += lsz)
        taps[k] = taps_in[k];
    barrier(CLK_LOCAL_MEM_FENCE);

    float acc = 0.0f;
    for (int k = 0; k < ntaps; k++)
        acc += taps[k] * x[max(gid - k, 0)];
    y[gid] = acc;
}
