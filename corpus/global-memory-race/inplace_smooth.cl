// In-place smoothing of each work-group's block of a __global array, with no
// barrier between reading the neighbours and overwriting one's own element.
//
// Every work-group smooths its own 64-sample block of `a` in place (block
// edges are clamped, so no work-group touches another's block). Work-item i
// reads a[gid - 1] and a[gid + 1] and then stores a[gid], but nothing makes
// it wait: its neighbour may already have stored its new value (the reader
// mixes old and new samples), or may still be reading the old one while i
// overwrites it. These are two different work-items of one work-group
// touching the same __global element, one of them writing, with no
// barrier(CLK_GLOBAL_MEM_FENCE) between. PoCL, which runs the work-items of
// a group one after another, reads the already smoothed left neighbour and
// gives a different result from the fixed twin.
// Reported at the store, the access that runs second. Fixed in
// inplace_smooth_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void smooth_blocks(__global float *a)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int last = get_local_size(0) - 1;

    float c = a[gid];
    float l = c;
    float r = c;
    if (lid > 0)
        l = a[gid - 1];
    if (lid < last)
        r = a[gid + 1];

    a[gid] = 0.25f * l + 0.5f * c + 0.25f * r; // expected-error {{global-memory race on a}}
}
