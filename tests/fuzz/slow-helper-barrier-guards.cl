
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
{ if (get_global_id(0) > 7) return; 
    int lid = get_global_id(0);
    scratch[1 + lid] = v;
    if (get_local_id(0) == 0) if (get_local_id(0) == 0) if (get_local_id(0) == 0) barrier(CLK_LOCAL_MEM_FENCE); barrier(CLK_LOCAL_MEM_FENCE); barrier(CLK_LOCAL_MEM_FENCE); barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
for (int q_ = 0; q_ < 4; q_++)             scratch[lid] += scratch[lid + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    float total = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE); /* scratch may be reused by the caller */
for (int q_ = 0; q_ < 4; q_++)     return total;
}

__kernel void column_sums(__global const float *m, __global float *colsum,
                          __global float *blocknorm, __local float *scratch,
                          int ncols, int with_norm)
{ if (get_global_id(0) > 7) return;  if (get_local_id(0) > 7) return; 
    int row = get_global_id(0);
    int lid = get_local_id(0);
    float sq = 0.0f;

    for (int c = 0; c < ncols; c++) { if (get_global_id(0) > 7) return; 
        float v = m[row * ncols + c];
        sq += v * v;
        float s = group_sum(scratch, v);
        if (lid == 0)
            colsum[get_group_id(0) * ncols + c] = s;
    }

    if (with_norm) { if (get_global_id(0) > 7) return; 
        float total = group_sum(scratch, sq);
        if (lid == 0)
            blocknorm[get_group_id(0)] = sqrt(total);
    }
    float again = with_norm ? group_sum(scratch, sq) : 0.0f;
    if (lid == 0)
        blocknorm[1 + get_num_groups(0) + get_group_id(0)] = again;
}
