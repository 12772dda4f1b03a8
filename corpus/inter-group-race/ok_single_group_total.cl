// The middle pass of a three-kernel scan: one work-group scans the block
// sums the first pass left in dst[0..nblocks-1] and stores the grand total
// after them, dst[nblocks]. The host launches it as a single work-group.
//
// Every index is a local id or a loop over the whole array, so two groups
// would scan the same sums into the same places. The global id appears only
// to elect the grid's first work-item (`gid == 0`), which tells work-items
// apart, not the work of the groups: like ok_single_group_scan.cl, the
// kernel is taken as a single-group kernel, and is not checked between
// groups unless --num-groups or --global-size says there are several
// (tests/cli: election-with-groups). The sizes come in a struct passed by
// value, as many libraries pass them.
// expected-no-diagnostics
typedef struct {
    uint nblocks;
    uint nscan;   /* nblocks rounded up to the group size */
} ScanSizes;

__kernel void scan_block_sums(__global uint *dst, ScanSizes cb)
{
    __local uint sums[1024];
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    for (int i = lid; i < cb.nscan; i += lsz)
        sums[i] = i < cb.nblocks ? dst[i] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);

    uint total = 0;
    if (lid == 0) {
        for (int i = 0; i < cb.nscan; i++) {
            uint t = sums[i];
            sums[i] = total;
            total += t;
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int i = lid; i < cb.nblocks; i += lsz)
        dst[i] = sums[i];
    if (gid == 0)
        dst[cb.nblocks] = total;
}
