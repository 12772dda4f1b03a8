// Clamped instead of guarded, and correct: the work-items past the end of
// the data clamp their index to n - 1, load in[n - 1] and store the same
// value into out[n - 1]. The stores race, but every one of them stores one
// value (the value depends on the work-item only through the address it
// loads, which the clamp makes the same): a benign race, not reported by
// default.
// expected-no-diagnostics
// RUN-CONFIG: --local-size=64
__kernel void scale_clamped(__global const float *in, __global float *out, int n, float s)
{
    int x = min((int)get_global_id(0), n - 1);
    out[x] = s * sqrt(in[x]) + 1.0f;
}
