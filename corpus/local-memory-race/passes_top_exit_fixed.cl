// The fixed twin of passes_top_exit.cl: a barrier between the writes of the
// row and the reads of the neighbours, and one before the next pass writes
// the row again.
// expected-no-diagnostics
__kernel void smooth(__global float *data, __local float *t, int passes)
{
    int lid = get_local_id(0);
    int p = 0;
    for (;;) {
        if (p++ == passes)
            break;
        t[lid] = data[get_global_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
        data[get_global_id(0)] = 0.5f * (t[lid] + t[(lid + 1) % get_local_size(0)]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
