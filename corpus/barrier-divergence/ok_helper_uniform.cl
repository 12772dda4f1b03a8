// A helper with barriers, called only from uniform control flow: quiet.
//
// Column sums of a row-major matrix, one work-group per block of rows: the
// kernel calls the barrier-containing `group_sum` once per column, in a loop
// whose trip count is a kernel argument, and once more under a branch on
// another kernel argument and in a `?:` whose condition is that argument.
// All of these are the same for every work-item of the group, so every
// work-item reaches the helper's barriers. The divergent `if (lid == 0)`
// around the store holds no barrier. Compare helper_divergent_call.cl.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
float group_sum(__local float *scratch, float v)
{
    int lid = get_local_id(0);
    scratch[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float total = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE); /* scratch may be reused by the caller */
    return total;
}

__kernel void column_sums(__global const float *m, __global float *colsum,
                          __global float *blocknorm, __local float *scratch,
                          int ncols, int with_norm)
{
    int row = get_global_id(0);
    int lid = get_local_id(0);
    float sq = 0.0f;

    for (int c = 0; c < ncols; c++) {
        float v = m[row * ncols + c];
        sq += v * v;
        float s = group_sum(scratch, v);
        if (lid == 0)
            colsum[get_group_id(0) * ncols + c] = s;
    }

    if (with_norm) {
        float total = group_sum(scratch, sq);
        if (lid == 0)
            blocknorm[get_group_id(0)] = sqrt(total);
    }
    float again = with_norm ? group_sum(scratch, sq) : 0.0f;
    if (lid == 0)
        blocknorm[get_num_groups(0) + get_group_id(0)] = again;
}
