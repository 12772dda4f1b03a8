// The strips of ok_strip_countdown.cl, counted one row too many: the count
// starts at size + 1, so each work-item also writes the first row of the
// next work-item's strip, y * size + size, which that work-item writes as
// its own first row. Two writers, different values, no barrier. Fixed in
// strip_countdown_overlap_fixed.cl.
__kernel void blur_strips(__global const float *in, __global float *out, int width, int size)
{
    const int x = get_global_id(0);
    int y = get_global_id(1) * size;
    int left = size + 1;
    float acc = 0.0f;
    while (1) {
        if (x < width) {
            acc = 0.5f * acc + in[y * width + x];
            out[y * width + x] = acc; // expected-error {{global-memory race on out}}
        }
        if (--left == 0)
            break;
        ++y;
    }
}
