// The pre-processing step of a Bluestein FFT: the chirp's real part b[i] is stored at
// i and at its mirror ext - i of a buffer of ext elements, ext the power of
// two at least 2 * n that the host picks. The mirrored part, counted down
// from ext, lies above the first n elements for every size the host
// passes; the two parts would meet only if ext < 2 * n - 1, a coincidence
// of the two arguments (docs/decisions.md, Values nobody wrote), reported
// only under --report-conditional with its condition. ext is compared with
// nothing: an offset, not a size.
// expected-no-diagnostics
__kernel void chirp(__global float *b, uint n, uint ext)
{
    for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
        float t = 3.14159265f * (float)(i * i) / (float)n;
        float w = cos(t);
        b[i] = w;
        if (i > 0)
            b[ext - i] = w;
    }
}
