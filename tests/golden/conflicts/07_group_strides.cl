// Loops that stride by the work-group size (the residue test, depend.c):
// two loops over lid + k * get_local_size(0) with different bounds meet
// only in one work-item (free, whatever the size; the solver's products
// with an open size are not needed); a loop one element further on races;
// a 2-D group whose second dimension the index ignores races; pairs of
// elements at 2 * lid and 2 * lid + 1 never meet another work-item's.
__kernel void two_bounds(__global uint *dst, uint nblocks, uint nscan)
{
    int lid = get_local_id(0), lsz = get_local_size(0);
    for (int i = lid; i < nscan; i += lsz)
        dst[i] = dst[i] + 1;
    for (int i = lid; i < nblocks; i += lsz)
        dst[i] = 0;
}

__kernel void one_further(__global uint *dst, uint n)
{
    int lid = get_local_id(0), lsz = get_local_size(0);
    for (int i = lid; i < n; i += lsz)
        dst[i] = 1;
    for (int i = lid + 1; i < n; i += lsz)
        dst[i] = 2;
}

__kernel void rows_ignored(__global uint *dst, uint n)
{
    for (int i = get_local_id(0); i < n; i += get_local_size(0))
        dst[i] = get_local_id(1);
}

__kernel void pairs(__global float *x, uint n)
{
    int lid = get_local_id(0), lsz = get_local_size(0);
    for (int i = 2 * lid; i < n; i += 2 * lsz) {
        x[i] = 1.0f;
        x[i + 1] = x[i] + 1.0f;
    }
}
