// Recursion is not OpenCL C; clsynclint reports it instead of looping.
int f(int n) { return n <= 0 ? 0 : 1 + f(n - 1); }
__kernel void k(__global int *a) { if (get_global_id(0) == 0) a[0] = f(3); }

// expected-note@2 {{unsupported: recursive call to 'f'}}
