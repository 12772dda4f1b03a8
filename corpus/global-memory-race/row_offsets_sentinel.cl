// A CSR row-offset table with its sentinel: the sizes come in a struct passed
// by value, as sparse and physics libraries pass them (one argument for all
// the counts). The grid-stride loop copies the row counts and work-item 0
// writes the sentinel, offsets[nrows] = nnz. The loop runs one row too far
// (`<=`), so the work-item that copies row nrows races with work-item 0 on
// the sentinel. Every read of `sz.nrows` is the same unknown (an argument),
// which is what lets the fixed twin be proved race-free.
typedef struct {
    uint nrows;
    uint nnz;
} CsrSizes;

__kernel void row_offsets(__global const uint *counts, __global uint *offsets, CsrSizes sz)
{
    for (uint r = get_global_id(0); r <= sz.nrows; r += get_global_size(0))
        offsets[r] = counts[r];
    if (get_global_id(0) == 0)
        offsets[sz.nrows] = sz.nnz; // expected-error {{global-memory race on offsets[sz.nrows]}}
}
