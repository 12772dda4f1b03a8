// A Jacobi relaxation over each work-group's block of __global memory with
// one barrier per iteration where two are needed (a loop-carried race).
//
// Each work-group relaxes its own block of 64 unknowns, `iters` times: every
// interior work-item computes the mean of its two neighbours, the group
// waits, and each stores its new value. The barrier separates this
// iteration's loads from this iteration's stores, but nothing separates the
// stores at the end of iteration k from the neighbours' loads at the start
// of iteration k + 1: a fast work-item reads u[i - 1] for the next sweep
// before its slow neighbour has stored this sweep's value, mixing two
// sweeps. Oclgrind gives a different result from the fixed twin and reports
// the race; PoCL happened to match the fixed twin here.
// Reported at the neighbour loads, the access at the top of the next
// iteration. Fixed in relax_blocks_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void relax_blocks(__global float *u, int iters)
{
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int i = get_group_id(0) * lsz + lid;

    for (int it = 0; it < iters; it++) {
        float next = u[i];
        if (lid > 0 && lid < lsz - 1)
            next = 0.5f * (u[i - 1] + u[i + 1]); // expected-error {{global-memory race on u}}
        barrier(CLK_GLOBAL_MEM_FENCE);
        u[i] = next;
    }
}
