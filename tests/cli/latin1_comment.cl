__kernel void k(__global int *a) { a[0] = 1; }
// café
