// Batched small-matrix work, as batched BLAS kernels lay it out: one
// work-group per matrix (matrices strideA apart), one work-item per row
// (rows lda apart), a loop over the row's n columns. Correct code relies
// on the layout: a row holds its columns (lda >= n) and a matrix its rows
// (strideA >= lda * rows); a race would need rows or matrices to overlap,
// a coincidence of arguments. Quiet by default (warnings under
// --report-conditional).
// expected-no-diagnostics
__kernel void scale_rows(__global float *A, const int n, const int lda, const int strideA,
                         __global const float *s)
{
    const int i = get_local_id(0);
    __global float *Ab = A + get_group_id(0) * strideA;
    for (int j = 0; j < n; j++)
        Ab[i * lda + j] *= s[get_group_id(0)];
}
