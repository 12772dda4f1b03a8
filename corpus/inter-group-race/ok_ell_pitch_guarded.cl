// Converting CSR to column-major ELL, as sparse libraries lay it out: row
// r's k-th entry goes to r + k * pitch, with a pitch (the padded row count)
// that the host makes at least num_rows. The guard keeps every work-item
// below num_rows, so the columns of two slots never overlap: a race would
// need a pitch smaller than num_rows, a coincidence of two arguments that
// no conversion uses. Quiet by default (a warning under
// --report-conditional).
// expected-no-diagnostics
__kernel void csr_to_ell(__global const int *row_ptr, __global const int *cols,
                         __global const float *vals, __global int *ell_cols,
                         __global float *ell_vals, int num_rows, int width, int pitch)
{
    int row = get_global_id(0);
    if (row >= num_rows)
        return;
    int start = row_ptr[row], len = row_ptr[row + 1] - start;
    for (int k = 0; k < width; k++) {
        int dst = row + k * pitch;
        ell_cols[dst] = k < len ? cols[start + k] : 0;
        ell_vals[dst] = k < len ? vals[start + k] : 0.0f;
    }
}
