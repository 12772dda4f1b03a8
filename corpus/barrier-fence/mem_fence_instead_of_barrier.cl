// mem_fence used where work-items must wait for each other.
//
// Forward differences d[i] = x[i + 1] - x[i] within a work-group: each
// work-item stores its sample in s[lid], then reads its right neighbour's
// s[lid + 1]. The author put mem_fence(CLK_LOCAL_MEM_FENCE) between the
// two, as if it were a barrier. A fence only orders the calling
// work-item's own loads and stores; it does not make anybody wait, so the
// neighbour may not have stored s[lid + 1] yet. Reported at the fence.
// Fixed in mem_fence_instead_of_barrier_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void forward_diff(__global const float *x, __global float *d, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    float v = x[gid];
    s[lid] = v;
    mem_fence(CLK_LOCAL_MEM_FENCE); // expected-error {{does not synchronize work-items}}

    float right = lid + 1 < lsz ? s[lid + 1] : x[min(gid + 1, (int)get_global_size(0) - 1)];
    d[gid] = right - v;
}
