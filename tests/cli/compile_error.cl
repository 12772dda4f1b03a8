// A kernel that does not compile: clsynclint reports the compiler's error
// as compile-error and exits 2 (not analyzed).
__kernel void broken(__global float *a)
{
    a[get_global_id(0)] = undeclared_variable;
}
