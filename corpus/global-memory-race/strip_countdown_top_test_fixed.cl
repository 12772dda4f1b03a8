// The fixed twin of strip_countdown_top_test.cl: the pass leaves when the
// count it tests is 1, after size rows, and each work-item stays in its own
// strip.
// expected-no-diagnostics
__kernel void blur_strips(__global const float *in, __global float *out, int width, int size)
{
    const int x = get_global_id(0);
    int y = get_global_id(1) * size;
    int left = size + 1;
    float acc = 0.0f;
    for (;;) {
        if (left-- == 1)
            break;
        if (x < width) {
            acc = 0.5f * acc + in[y * width + x];
            out[y * width + x] = acc;
        }
        ++y;
    }
}
