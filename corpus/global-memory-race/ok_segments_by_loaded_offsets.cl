// Work-groups take the segments of a ragged array in turn (segment s goes
// to group s % the number of groups); segment s is data[start[s] ..
// start[s + 1]), and start[] ascends (a prefix sum), so no two segments
// overlap and every element is stored once: in one step when the segment
// fits the work-group, in a loop otherwise. Whether two passes of one
// group meet depends on the values of start[], which are data: an index
// made of values loaded at a place the loop moves is data, left alone like
// a scatter through an index table (global-memory-race.md). It was
// reported as a race across loop iterations, as if start[s] and start[s']
// were two unknowns the kernel related.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void fill_segments(__global float *data, __global const int *start, int nseg)
{
    for (int s = get_group_id(0); s < nseg; s += get_num_groups(0)) {
        int lo = start[s];
        int len = start[s + 1] - lo;
        if (len <= (int)get_local_size(0)) {
            if ((int)get_local_id(0) < len)
                data[lo + get_local_id(0)] = (float)s;
        } else {
            for (int i = get_local_id(0); i < len; i += get_local_size(0))
                data[lo + i] = 2.0f * s;
        }
    }
}
