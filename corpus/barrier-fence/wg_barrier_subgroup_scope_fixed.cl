// The fixed twin of wg_barrier_subgroup_scope.cl: the barrier's memory
// scope is the work-group, so the local stores of every work-item are
// visible to every other work-item of the group after it.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void rotate_half(__global const float *in, __global float *out, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int half_size = get_local_size(0) / 2;

    s[lid] = in[gid];
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_group);

    float v;
    if (lid < half_size)
        v = s[lid + half_size];
    else
        v = s[lid - half_size];
    out[gid] = v;
}
