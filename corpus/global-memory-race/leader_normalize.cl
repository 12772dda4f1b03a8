// Work-item 0 publishes its group's maximum through __global memory, and the
// other work-items read it without waiting.
//
// Each work-group normalizes its block of 64 samples by the block's largest
// magnitude. Work-item 0 scans the block and stores the maximum in
// block_max[group]; every work-item of the group then divides by it. The
// store and the loads are made by different work-items of the same group and
// nothing orders them: a work-item may read block_max[group] before
// work-item 0 has written it (whatever the buffer held) or see a stale copy.
// Within one work-group only a barrier whose flags include
// CLK_GLOBAL_MEM_FENCE makes the store visible. Oclgrind reports the race;
// PoCL happens to run work-item 0 first and hides it.
// Reported at the load, which runs after the store. Fixed in
// leader_normalize_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void normalize_blocks(__global const float *x, __global float *y,
                               __global float *block_max)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int grp = get_group_id(0);
    int lsz = get_local_size(0);

    if (lid == 0) {
        float m = 1e-20f;
        for (int k = 0; k < lsz; k++)
            m = fmax(m, fabs(x[grp * lsz + k]));
        block_max[grp] = m;
    }

    y[gid] = x[gid] / block_max[grp]; // expected-error {{global-memory race on block_max}}
}
