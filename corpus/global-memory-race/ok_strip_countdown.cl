// Each work-item blurs a vertical strip of `size` rows of one column, the
// strips of work-items (x, y) starting at y * size. The loop tests nothing
// at its head: it steps the row and counts a second variable down to 0, and
// leaves when that reaches 0 (the shape of a box blur that slides its
// window down the strip). The exit is taken in the pass where the count
// meets 0, so the row never passes the strip's last one and the strips of
// two work-items never meet; without following the exit the row would be
// unbounded and the strips would overlap.
// expected-no-diagnostics
__kernel void blur_strips(__global const float *in, __global float *out, int width, int size)
{
    const int x = get_global_id(0);
    int y = get_global_id(1) * size;
    int left = size;
    float acc = 0.0f;
    while (1) {
        if (x < width) {
            acc = 0.5f * acc + in[y * width + x];
            out[y * width + x] = acc;
        }
        if (--left == 0)
            break;
        ++y;
    }
}
