// The fixed twin of strip_countdown_top_exit.cl: the count starts at size,
// is tested before it steps, and each work-item writes its own size rows.
// expected-no-diagnostics
__kernel void blur_strips(__global const float *in, __global float *out, int width, int size)
{
    const int x = get_global_id(0);
    int y = get_global_id(1) * size;
    int left = size;
    float acc = 0.0f;
    for (;;) {
        if (left-- == 0)
            break;
        if (x < width) {
            acc = 0.5f * acc + in[y * width + x];
            out[y * width + x] = acc;
        }
        ++y;
    }
}
