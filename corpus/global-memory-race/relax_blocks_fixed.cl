// The fixed twin of relax_blocks.cl: a second barrier(CLK_GLOBAL_MEM_FENCE)
// after the stores, so that every work-item of the group has stored its new
// value before anybody reads its neighbours for the next sweep. Two barriers
// per iteration: one between the loads and the stores, one between the
// stores and the next loads. Each block stays inside its work-group, which
// is why work-group barriers are enough here.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void relax_blocks(__global float *u, int iters)
{
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int i = get_group_id(0) * lsz + lid;

    for (int it = 0; it < iters; it++) {
        float next = u[i];
        if (lid > 0 && lid < lsz - 1)
            next = 0.5f * (u[i - 1] + u[i + 1]);
        barrier(CLK_GLOBAL_MEM_FENCE);
        u[i] = next;
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
}
