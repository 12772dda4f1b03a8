// A known miss: the strips of strip_countdown_overlap.cl, with the exit at
// the top of the pass. The count starts at size + 5 and is tested before it
// steps (left-- == 0), so each work-item writes size + 5 rows and runs into
// the next work-item's strip: two writers of one element, different values.
// With the exit in the loop's second block (the head of for (;;) tests
// nothing) the pair is decided "free": the row's bound is taken wrongly.
// The same loop with the test at the bottom of the pass is found
// (strip_countdown_overlap.cl).
// XFAIL: an exit tested at the top of a for (;;) body bounds the pass number too tightly
__kernel void blur_strips(__global const float *in, __global float *out, int width, int size)
{
    const int x = get_global_id(0);
    int y = get_global_id(1) * size;
    int left = size + 5;
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
