// In-place use of a two-buffer kernel: when `in` and `out` are the same
// buffer, work-item i reads in[i + 1] that work-item i + 1 overwrites.
// Arguments are assumed not to alias (quiet) unless --assume-aliasing.
__kernel void shift(__global const float *in, __global float *out)
{
    int i = get_global_id(0);
    out[i] = in[i + 1];
}
