// Passes of 64 elements at a time over a __local table, work-items at most
// 64: two work-items never meet at h[64 * k + lid], whatever passes they
// are in, and the dependence tests (depend.c) prove it before any solver
// call, as they prove that the loop's first pass always runs (k < 4 from
// k = 0). The pair that meets is in tests/golden/conflicts/09_strided_passes.cl.
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
