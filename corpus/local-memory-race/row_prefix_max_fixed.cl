// The fixed twin of row_prefix_max.cl: a barrier(CLK_LOCAL_MEM_FENCE)
// after every work-item has combined its element with run_max and before
// the last work-item overwrites it. The loop bound row_len is a kernel
// argument, so every work-item runs the same number of chunks and reaches
// every barrier. The store to run_max is ordered before the next chunk's
// reads by the barrier after the chunk load, and the initial store by
// work-item 0 by the same barrier in the first chunk.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void row_prefix_max(__global const float *in, __global float *out,
                             int row_len, __local float *chunk)
{
    __local float run_max;
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int row = get_group_id(0) * row_len;

    if (lid == 0)
        run_max = -INFINITY;

    int base = 0;
    do {
        int i = base + lid;
        chunk[lid] = i < row_len ? in[row + i] : -INFINITY;
        barrier(CLK_LOCAL_MEM_FENCE);

        for (int off = 1; off < lsz; off *= 2) {
            float left = lid >= off ? chunk[lid - off] : -INFINITY;
            barrier(CLK_LOCAL_MEM_FENCE);
            chunk[lid] = fmax(chunk[lid], left);
            barrier(CLK_LOCAL_MEM_FENCE);
        }

        float m = fmax(chunk[lid], run_max);
        if (i < row_len)
            out[row + i] = m;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid == lsz - 1)
            run_max = m;
        base += lsz;
    } while (base < row_len);
}
