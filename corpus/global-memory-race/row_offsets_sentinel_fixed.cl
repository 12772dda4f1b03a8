// The fixed twin of row_offsets_sentinel.cl: the loop stops before the
// sentinel, so offsets[nrows] has one writer. Quiet only if the two reads of
// sz.nrows are one value: a field of a by-value argument is an argument.
// expected-no-diagnostics
typedef struct {
    uint nrows;
    uint nnz;
} CsrSizes;

__kernel void row_offsets(__global const uint *counts, __global uint *offsets, CsrSizes sz)
{
    for (uint r = get_global_id(0); r < sz.nrows; r += get_global_size(0))
        offsets[r] = counts[r];
    if (get_global_id(0) == 0)
        offsets[sz.nrows] = sz.nnz;
}
