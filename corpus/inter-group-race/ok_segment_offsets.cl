// One work-group per segment, each segment's start read from a table:
// quiet.
//
// Scales the segments of a packed array, segment g starting at
// seg_start[g] with seg_len[g] elements. The host builds the table so that
// segments do not overlap (start[g + 1] = start[g] + len[g]), and launches
// one group per segment. The start is read at an address that depends on
// the group id, so it is each group's own value; clsynclint does not take
// two groups' starts to be equal, and the groups' writes do not meet.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void scale_segments(__global float *data, __global const int *seg_start,
                             __global const int *seg_len, float factor)
{
    int g = get_group_id(0);
    int start = seg_start[g];
    int len = seg_len[g];
    for (int i = get_local_id(0); i < len; i += get_local_size(0))
        data[start + i] *= factor;
}
