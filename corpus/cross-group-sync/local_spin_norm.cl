// A spin-wait on __local memory inside one work-group: the last work-item
// publishes the block's norm in a volatile __local variable, and the others
// spin until it is no longer the sentinel.
//
// Work-item 0 sets the sentinel -1 (a barrier makes it visible). The last
// work-item of the group then computes the Euclidean norm of the group's
// block and stores it; every work-item loops until it reads a value other
// than -1. Nothing in OpenCL lets a work-item wait for another of its group
// except a barrier: work-items need not make progress while one of them
// spins. PoCL runs the work-items of a group one after another up to the
// next barrier, so work-item 0 spins forever before the last one ever runs;
// a GPU sub-group that spins in lockstep can starve its own writer the same
// way. `volatile` only keeps the compiler from caching the load.
// Reported at the loop's condition. Fixed in local_spin_norm_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void normalize_blocks(__global const float *x, __global float *y)
{
    volatile __local float norm;
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    if (lid == 0)
        norm = -1.0f;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == lsz - 1) {
        int base = get_group_id(0) * lsz;
        float ss = 0.0f;
        for (int k = 0; k < lsz; k++)
            ss += x[base + k] * x[base + k];
        norm = sqrt(ss);
    }

    float n;
    do {
        n = norm;
    } while (n < 0.0f); // expected-error {{spin-wait on __local memory}}

    y[gid] = x[gid] / n;
}
