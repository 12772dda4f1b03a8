// The fixed twin of reverse_in_place.cl: the first half of the work-items
// each swap a[i] with its mirror a[n - 1 - i]; no element has two owners.
// expected-no-diagnostics
__kernel void reverse(__global float *a, uint n)
{
    uint i = get_global_id(0);
    if (i < n / 2) {
        float v = a[i];
        a[i] = a[n - 1 - i];
        a[n - 1 - i] = v;
    }
}
