// Running maximum along rows, with barriers in a `do ... while` loop whose
// bound is uniform: quiet.
//
// One work-group per row, processed in chunks of the work-group size. In
// each chunk every work-item computes the maximum of the chunk up to itself
// (a naive scan over local memory) combined with the running maximum of the
// previous chunks, kept in local memory and updated by the last work-item.
// The loop advances `base` by the work-group size and stops at the row
// length, a kernel argument: the same sequence in every work-item, so the
// barriers inside are reached by the whole group on every iteration.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void row_running_max(__global const float *in, __global float *out,
                              __local float *chunk, int row_len)
{
    __local float carry;
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int row = get_group_id(0);
    int base = 0;

    if (lid == 0)
        carry = -FLT_MAX;
    do {
        int i = base + lid;
        chunk[lid] = i < row_len ? in[row * row_len + i] : -FLT_MAX;
        barrier(CLK_LOCAL_MEM_FENCE);
        float m = carry;
        for (int k = 0; k <= lid; k++)
            m = fmax(m, chunk[k]);
        if (i < row_len)
            out[row * row_len + i] = m;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid == lsz - 1)
            carry = m;
        base += lsz;
    } while (base < row_len);
}
