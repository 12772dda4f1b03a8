// barrier(CLK_LOCAL_MEM_FENCE) between accesses to __global memory that
// work-items of one group share.
//
// A two-pass kernel that keeps its intermediate result in a global scratch
// buffer instead of local memory: each work-item writes its squared sample
// to tmp[gid], and after the barrier adds its right neighbour's entry
// (only within its own group's block, so no other work-group is involved).
// The barrier makes the group wait but fences only local memory, so the
// neighbour's global store need not be visible. Reported at the barrier.
// Fixed in local_fence_global_exchange_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void pair_energy(__global const float *x, __global float *tmp, __global float *out)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    float v = x[gid];
    tmp[gid] = v * v;
    barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{does not order __global memory}}

    float e = tmp[gid];
    if (lid + 1 < lsz)
        e += tmp[gid + 1];
    out[gid] = e;
}
