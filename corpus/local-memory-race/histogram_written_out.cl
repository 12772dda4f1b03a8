// A __local histogram whose update is written out as a load and a store,
// not as an atomic.
//
// Each work-item reads a byte and adds one to its bin with
// bins[b] = bins[b] + 1. Two work-items whose bytes are equal read the same
// count, both add one, and one increment is lost. Nothing about the indices
// keeps them apart: they come from the data. This is the same bug as
// bins[b]++, split into a read and a write of the same element in one
// statement, and is reported the same way. Fixed in
// histogram_written_out_fixed.cl with atomic_inc.
// RUN-CONFIG: --local-size=64
__kernel void byte_histogram(__global const uchar *data, __global uint *hist)
{
    __local uint bins[256];
    int lid = get_local_id(0);
    for (int i = lid; i < 256; i += 64)
        bins[i] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint b = data[get_global_id(0)];
    bins[b] = bins[b] + 1; // expected-error {{local-memory race on bins[b]}}
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = lid; i < 256; i += 64)
        atomic_add(&hist[i], bins[i]);
}
