// A clean kernel written as a C++ raw string with a delimiter of its own.
R"KERNEL(
__kernel void scale(__global float *x)
{
    x[get_global_id(0)] *= 2.0f;
}
)KERNEL"
