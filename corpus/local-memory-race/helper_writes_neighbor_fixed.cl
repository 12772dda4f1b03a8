// The fixed twin of helper_writes_neighbor.cl: a barrier(CLK_LOCAL_MEM_FENCE)
// in the caller, after publish() and before reading the neighbour's slot.
// (Putting the barrier inside the helper would work too, as long as every
// work-item calls it.)
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
static void publish(__local float *s, int lid, float v)
{
    s[lid + 1] = v;
}

__kernel void backward_diff(__global const float *x, __global float *d, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    float v = x[gid];

    if (lid == 0)
        s[0] = gid > 0 ? x[gid - 1] : v;
    publish(s, lid, v);
    barrier(CLK_LOCAL_MEM_FENCE);

    d[gid] = v - s[lid];
}
