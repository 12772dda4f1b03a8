// Sparse matrix-vector product in CSR format, one row per work-item: loops
// whose bounds are loaded from __global memory that nobody writes. Correct,
// quiet.
//
// The inner loop's exit condition reads row_ptr[row + 1] from global memory,
// but row_ptr (like the column indices, the values and x) is only read
// during the launch: the loop waits for nobody. Each work-item writes only
// y[row]. A loop is a cross-group wait only when its exit depends on memory
// that another work-group (or another work-item) writes.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void spmv_csr(__global const int *row_ptr, __global const int *col_idx,
                       __global const float *vals, __global const float *x,
                       __global float *y, int rows)
{
    int row = get_global_id(0);
    if (row >= rows)
        return;

    float sum = 0.0f;
    for (int j = row_ptr[row]; j < row_ptr[row + 1]; j++)
        sum += vals[j] * x[col_idx[j]];
    y[row] = sum;
}
