// Barriers under conditions on get_group_id and get_num_groups: quiet.
//
// Per-group sums of a vector whose length n need not fill the last group.
// Only the last work-group needs a bounds check, so the kernel branches on
// "am I the last group" -- a value that is the same for every work-item of
// a group -- and each branch has its own barrier. Every work-item of a group
// takes the same branch, so every barrier is reached by all or by none.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void slice_sums(__global const float *in, __global float *sums,
                         __local float *s, int n)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    if (get_group_id(0) == get_num_groups(0) - 1) {
        s[lid] = gid < n ? in[gid] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
    } else {
        s[lid] = in[gid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int w = lsz / 2; w > 0; w >>= 1) {
        if (lid < w)
            s[lid] += s[lid + w];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (get_group_id(0) % 2 == 1) {
        /* odd groups store the negated sum, after one more synchronized step */
        if (lid == 0)
            s[0] = -s[0];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0)
        sums[get_group_id(0)] = s[0];
}
