// A row pitch in bytes turned into elements after a multiplication, as
// image code writes it: `y * dst_step / 4` (parsed (y * dst_step) / 4) and
// `(y * src_step + 4 * x) >> 2`, where ok_pitch_from_bytes.cl writes
// `y * (dst_step / 4)`.
//
// One pixel per work-item. A division of a byte offset by the element size
// is taken term by term (y * (dst_step / 4) + x), the pitch becoming a
// quantity of its own as when it is divided alone, so the hypotheses about
// pitches hold for it (at least 1, rows do not overlap the columns added
// to them). That is exact for a byte pitch that is a whole number of
// elements, which is what dividing it by the element size means; a term
// that is neither a multiple of the element size nor such a pitch keeps the
// division as written. (The product's division escaped the rule, and the
// solver picked a negative pitch.) Must stay quiet.
// expected-no-diagnostics
__kernel void scale_rows(__global const float *src, int src_step, __global float *dst,
                         int dst_step, int cols, int rows, float s)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x < cols && y < rows)
        dst[y * dst_step / 4 + x] = s * src[(y * src_step + 4 * x) >> 2];
}
