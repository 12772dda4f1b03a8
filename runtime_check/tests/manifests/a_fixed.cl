// Unit-test kernel file: the manifest tests need files that exist.
__kernel void a(__global float *x) { x[get_global_id(0)] = 1.0f; }
