// A kernel written for one work-item (clEnqueueTask): quiet.
//
// It never asks which work-item or work-group it is, so every work-item
// would do the same work; its author launches exactly one. clsynclint takes
// a kernel that tells no two work-items apart as a single work-item, where
// it used to take 256 and report every store as a race with itself.
// expected-no-diagnostics
__kernel void prefix_serial(__global const int *in, __global int *out, int n)
{
    int sum = 0;
    for (int i = 0; i < n; i++) {
        sum += in[i];
        out[i] = sum;
    }
}
