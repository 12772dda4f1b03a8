// The strips of strip_countdown_overlap.cl with the count tested at the top
// of the pass, before the rows are written: `if (left-- == 0) break;` as
// the first statement of a for (;;) body. The count starts at size + 1 and
// the test sees the value before it steps, so each work-item writes size + 1
// rows, the last one the first row of the next work-item's strip. Two
// writers, different values, no barrier. Fixed in
// strip_countdown_top_test_fixed.cl.
__kernel void blur_strips(__global const float *in, __global float *out, int width, int size)
{
    const int x = get_global_id(0);
    int y = get_global_id(1) * size;
    int left = size + 1;
    float acc = 0.0f;
    for (;;) {
        if (left-- == 0)
            break;
        if (x < width) {
            acc = 0.5f * acc + in[y * width + x];
            out[y * width + x] = acc; // expected-error {{global-memory race on out}}
        }
        ++y;
    }
}
