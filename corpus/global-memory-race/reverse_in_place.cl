// Reversing an array in place with one work-item per element: work-item i
// loads a[i] and stores it at a[n - 1 - i]. Work-item n - 1 - i loads the
// element work-item i stores, with nothing ordering the two, so the result
// depends on which runs first (PoCL runs the groups in order: the second
// half reads values the first half already moved). The index counts down
// from n, which also bounds the work-items: no coincidence of arguments,
// a race for every n. Fixed in reverse_in_place_fixed.cl: half the
// work-items each swap a pair.
__kernel void reverse(__global float *a, uint n)
{
    uint i = get_global_id(0);
    if (i < n) {
        float v = a[i];
        a[n - 1 - i] = v; // expected-error {{global-memory race on a[n - 1 - i]}}
    }
}
