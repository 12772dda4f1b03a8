R"(
// A compile error inside a kernel file written as a raw string: reported at
// the file's own line and column.
__kernel void broken(__global float *x)
{
    x[get_global_id(0)] = undeclared_value;
}
)"
