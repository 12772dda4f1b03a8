// A correct kernel: no diagnostics, exit 0.
__kernel void scale(__global float *a, float f)
{
    size_t i = get_global_id(0);
    a[i] *= f;
}
