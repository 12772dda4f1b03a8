// work_group_barrier with memory_scope_sub_group between accesses shared by
// the whole work-group.
//
// Each work-group rotates its block by half a group: work-item lid reads
// the element stored by work-item (lid + lsz / 2) % lsz, which belongs to
// another sub-group whatever the sub-group size. The barrier makes the
// whole work-group wait, but its memory scope is only the sub-group: the
// local stores are made visible to work-items of the storing sub-group and
// to no one else. Reported at the barrier. Fixed in
// wg_barrier_subgroup_scope_fixed.cl (memory_scope_work_group, which is
// also what the one-argument work_group_barrier means).
// RUN-CONFIG: --local-size=64
__kernel void rotate_half(__global const float *in, __global float *out, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int half_size = get_local_size(0) / 2;

    s[lid] = in[gid];
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_sub_group); // expected-error {{does not order __local memory}}

    float v;
    if (lid < half_size)
        v = s[lid + half_size];
    else
        v = s[lid - half_size];
    out[gid] = v;
}
