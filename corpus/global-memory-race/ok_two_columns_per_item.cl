// Each work-item splits ROWS pairs of one column: pair t of row r goes to
// columns t and t + L of the output's row r (L the work-group size), the
// shape of a histogram's intermediate pass. The output index walks the rows
// as an induction variable (o += width), so 'width' scales two terms, the
// group's first row and the iterations.
//
// Rows of 'width' elements hold both columns only if width >= 2 * L: the
// host launches width / 2 work-items per row. Narrower rows would overlap,
// a caller's mistake, short of the launch by a work-group or more: quiet by
// default, a warning with its condition under --report-conditional.
// expected-no-diagnostics
#define ROWS 8

__kernel void split_pairs(__global const uint *in, __global uint *out, uint width, uint pitch)
{
    uint t = get_local_id(0), L = get_local_size(0);
    uint row = ROWS * get_group_id(0);
    __global const uint *src = in + 2 * (row * pitch + t);
    uint o = row * width + t;
    for (int i = 0; i < ROWS; i++) {
        out[o] = src[0];
        out[o + L] = src[1];
        src += 2 * pitch;
        o += width;
    }
}
