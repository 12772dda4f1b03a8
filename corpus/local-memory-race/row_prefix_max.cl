// A naive row scan with a local running maximum, missing one barrier.
//
// One work-group per row computes the running maximum out[i] =
// max(in[0..i]) of a row longer than the group. The row is processed in
// chunks of 64 in a do ... while loop whose bound (the row length) is the
// same for every work-item, so the barriers inside it are reached by all.
// Within a chunk a naive (Hillis-Steele) scan runs on chunk[], and the
// chunk's result is combined with run_max, the maximum of all previous
// chunks, which the last work-item then updates for the next chunk.
//
// The barrier between "everyone reads run_max" and "the last work-item
// overwrites run_max" is missing: work-item 63 can store the new maximum
// while work-item 0 has not read the old one yet, and work-item 0 then
// folds this chunk's maximum into elements that precede it. Reported at
// the store, which executes second (read, then write). The next chunk's
// reads are ordered after the store by the barrier that follows the chunk
// load. Fixed in row_prefix_max_fixed.cl.
// RUN-CONFIG: --local-size=64
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
        if (lid == lsz - 1)
            run_max = m; // expected-error {{local-memory race on run_max}}
        base += lsz;
    } while (base < row_len);
}
