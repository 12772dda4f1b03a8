// Stream compaction's last step: each work-group adds up the counts of the
// groups before it, in a loop as long as its own group id, to find where
// its elements go, then its first counts[g] work-items store there. The
// ranges of two groups never meet (group 1 starts past everything group 0
// stores). The offset is a value the analysis does not follow, uniform in a
// group but each group's own: two groups are not given one offset (they
// were, and the race that needs the offsets equal was an error).
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void place(__global const uint *counts, __global const uint *vals, __global uint *out)
{
    uint offset = 0;
    for (uint g = 0; g < get_group_id(0); g++)
        offset += counts[g];
    if (get_local_id(0) < counts[get_group_id(0)])
        out[offset + get_local_id(0)] = vals[get_global_id(0)];
}
