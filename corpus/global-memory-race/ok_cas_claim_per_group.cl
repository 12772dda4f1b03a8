// Claiming a slot with atomic_cmpxchg: every work-item of a group tries to
// swap its group's claim word from 0 to 1, and only the one that finds 0
// there records the group's first sample as its representative, and that
// the group was claimed. Exactly one work-item per group wins (the claim
// word is never reset while the kernel runs), so the stores into
// rep[group] never meet. (Which work-item wins varies between runs on a
// GPU: what it stores does not.)
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel void claim_representative(__global int *claimed, __global const float *in,
                                   __global float *rep, __global int *who)
{
    int grp = get_group_id(0);
    if (atomic_cmpxchg(&claimed[grp], 0, 1) == 0) {
        rep[grp] = in[grp * get_local_size(0)];
        who[grp] = 1;
    }
}
