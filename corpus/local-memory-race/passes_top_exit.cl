// Smoothing passes in a for (;;) whose exit is tested at the top of the
// pass (if (p++ == passes) break;), then the pass writes its element of a
// __local row and reads its neighbour's with no barrier between: work-item
// lid + 1 may not have written t[lid + 1] yet. A test at the top of the
// body once made the body look unreachable (its block depended on its own
// branch through the back edge), and the race was missed. Fixed in
// passes_top_exit_fixed.cl.
__kernel void smooth(__global float *data, __local float *t, int passes)
{
    int lid = get_local_id(0);
    int p = 0;
    for (;;) {
        if (p++ == passes)
            break;
        t[lid] = data[get_global_id(0)];
        // expected-error@+1 {{local-memory race on t[}}
        data[get_global_id(0)] = 0.5f * (t[lid] + t[(lid + 1) % get_local_size(0)]);
    }
}
