// The fixed twin of strip_countdown_overlap.cl: the count starts at size,
// and each work-item stays in its own strip.
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
