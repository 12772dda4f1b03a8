// Passes of 64 elements at a time over a __local table, work-items at most
// 64: two work-items never meet at h[64 * k + lid], whatever passes they
// are in, and the dependence tests (depend.c) prove it before any solver
// call (tests/cli/strided_passes.cl); at h[16 * k + lid] they meet (a pass
// of 16 is shorter than the ids reach): a race.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void clear_bins(__global uint *out)
{
    __local uint h[256];
    int lid = get_local_id(0);
    for (int k = 0; k < 4; k++)
        h[64 * k + lid] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = h[lid];
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void clear_overlapping(__global uint *out)
{
    __local uint h[256];
    int lid = get_local_id(0);
    for (int k = 0; k < 4; k++)
        h[16 * k + lid] = k;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = h[lid];
}
