// The fixed twin of histogram_written_out.cl: the bin is incremented with
// atomic_inc, so equal bytes from two work-items both count.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void byte_histogram(__global const uchar *data, __global uint *hist)
{
    __local uint bins[256];
    int lid = get_local_id(0);
    for (int i = lid; i < 256; i += 64)
        bins[i] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint b = data[get_global_id(0)];
    atomic_inc(&bins[b]);
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = lid; i < 256; i += 64)
        atomic_add(&hist[i], bins[i]);
}
