// Each work-group reserves its own output range with an atomic, then fills
// it: quiet.
//
// Stream compaction of the positive values of `in`. A group first gathers
// its kept values in __local memory, then work-item 0 reserves that many
// places at the end of `out` with atomic_add on a global counter and shares
// the start through __local memory. Work-item i of every group then writes
// out[start + i] for i < count: the atomic hands out disjoint ranges. The start is
// the same for the whole group but a group's own, like anything read from
// __local memory or from an address that depends on the group id, so
// clsynclint does not take it to be equal in two groups.
// Not run by runtime_check: where a group's values land depends on the order
// in which the groups reserve, so the output legitimately changes from run
// to run.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void compact_positive(__global const float *in, __global float *out,
                               __global int *total, __local int *count,
                               __local int *start, __local float *kept)
{
    int lid = get_local_id(0);
    float v = in[get_global_id(0)];
    if (lid == 0)
        count[0] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (v > 0.0f)
        kept[atomic_inc(count)] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        start[0] = atomic_add(total, count[0]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < count[0])
        out[start[0] + lid] = kept[lid];
}
