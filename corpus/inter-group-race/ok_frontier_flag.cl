// One step of a level-synchronous graph search: every work-item whose
// vertex is in the frontier marks it visited, moves it to the next
// frontier and raises the "changed" flag that tells the host to launch
// another step.  Work-items of any work-group may store to *changed, but
// they all store `true`: whichever store lands last, the flag reads true,
// so the writes do not race in any way that matters.  `true` is a keyword
// in OpenCL C (a bool literal), and counts as the same value for everyone
// just like the integer 1 in ok_benign_flag.cl.
// expected-no-diagnostics
__kernel void frontier_step(__global uchar *frontier, __global uchar *next,
                            __global uchar *visited, __global int *changed, int n)
{
    int v = get_global_id(0);
    if (v < n && next[v]) {
        frontier[v] = true;
        visited[v] = true;
        next[v] = false;
        *changed = true;
    }
}
