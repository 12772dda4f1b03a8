// C = alpha * A * B + beta * C with column-major matrices: each work-item
// computes one row of a strip of TN columns, a work-group TM rows of it.
// The write-back walks the strip's columns, ldc elements apart, from
// base = ldc * (first column) + row: two terms of the same argument, so a
// row of C is ldc elements and the column index (the row of the matrix,
// up to the global size in dimension 0 times TM / 64) must stay below it.
//
// Two work-items meet only if ldc is smaller than the number of rows, a
// leading dimension no caller passes: a coincidence of arguments, quiet by
// default, a warning with its condition under --report-conditional.
// expected-no-diagnostics
#define TM 64
#define TN 8

__kernel __attribute__((reqd_work_group_size(32, 2, 1)))
void gemm_column_strips(__global const float *A, int lda, __global const float *B, int ldb,
                        __global float *C, int ldc, int k, float alpha, float beta)
{
    float acc[TN];
    for (int j = 0; j < TN; j++)
        acc[j] = 0.0f;
    int r = get_local_id(1) * get_local_size(0) + get_local_id(0);
    int row = get_group_id(0) * TM + r;
    int col0 = get_group_id(1) * TN;
    for (int p = 0; p < k; p++) {
        float a = A[row + p * lda];
        for (int j = 0; j < TN; j++)
            acc[j] += a * B[p + (col0 + j) * ldb];
    }
    int base = ldc * get_group_id(1) * TN + row;
    for (int j = 0; j < TN; j++)
        C[base + j * ldc] = alpha * acc[j] + beta * C[base + j * ldc];
}
