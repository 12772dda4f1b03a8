// atomic_work_item_fence used as if it were a barrier.
//
// Each work-group rotates its block left by one element: work-item lid
// stores s[lid], then reads s[lid + 1] (the last one wraps to s[0]). The
// OpenCL 2.0 style fence in between, even with memory_order_seq_cst and
// work-group scope, orders only the calling work-item's accesses; without
// a matching atomic operation that the reader waits on, it synchronizes
// nothing, and the neighbour may not have stored yet. Reported at the
// fence. Fixed in atomic_fence_no_wait_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void rotate_left(__global const float *in, __global float *out, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int last = get_local_size(0) - 1;

    s[lid] = in[gid];
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_seq_cst, memory_scope_work_group); // expected-error {{does not synchronize work-items}}

    float v;
    if (lid < last)
        v = s[lid + 1];
    else
        v = s[0];
    out[gid] = v;
}
