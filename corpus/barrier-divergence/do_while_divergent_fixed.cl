// Fixed twin of do_while_divergent.cl.
//
// Each point still stops updating once it has settled, but it no longer
// leaves the loop: the loop runs while any point of the group is active.
// Active work-items count themselves in a local counter; after a barrier
// every work-item loads the same counter, so the loop condition is uniform
// and every barrier in the loop is executed by the whole group on every
// iteration. A settled point keeps its last published value in the tile,
// exactly as in the buggy version.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void diffuse(__global const float *in, __global float *out,
                      __local float *cur, float tol, int max_iter)
{
    __local int nactive;
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    float v = in[gid];
    int active = 1;
    int it = 0;
    int any;

    do {
        if (active)
            cur[lid] = v;
        if (lid == 0)
            nactive = 0;
        barrier(CLK_LOCAL_MEM_FENCE);
        float delta = 0.0f;
        if (active) {
            float left = lid > 0 ? cur[lid - 1] : v;
            float right = lid < lsz - 1 ? cur[lid + 1] : v;
            float next = 0.25f * left + 0.5f * v + 0.25f * right;
            delta = fabs(next - v);
            v = next;
        }
        it++;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (active && !(delta > tol && it < max_iter))
            active = 0;
        if (active)
            atomic_inc(&nactive);
        barrier(CLK_LOCAL_MEM_FENCE);
        any = nactive;
        barrier(CLK_LOCAL_MEM_FENCE);
    } while (any);
    out[gid] = v;
}
