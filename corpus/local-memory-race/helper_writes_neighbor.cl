// A race through a helper function: the helper writes s[lid + 1], the
// caller reads s[lid].
//
// The kernel computes backward differences d[i] = x[i] - x[i - 1]. Each
// work-item publishes its sample through publish(), which stores it one
// slot to the right (slot 0 holds the sample just left of the group,
// loaded by work-item 0). The caller then reads s[lid], the slot that
// work-item lid - 1 filled inside publish(). Nothing between the call and
// the read makes work-items wait for each other. The race is found across
// the call and reported at the caller's read. Fixed in
// helper_writes_neighbor_fixed.cl.
// RUN-CONFIG: --local-size=64
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

    d[gid] = v - s[lid]; // expected-error {{local-memory race on s}}
}
