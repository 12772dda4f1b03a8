// barrier(CLK_GLOBAL_MEM_FENCE) in a loop stepped `pass = 2 * pass`, and a
// __local value exchanged across the loop.
//
// Each work-item stashes its element in edge[lid], then halves its global
// element in 5 passes (pass = 1, 2, 4, 8, 16: the loop runs whatever the
// launch), and at the end reads the mirror work-item's stash. The loop's
// barrier is the only one between the store and the read, and its flag
// fences only global memory: the mirror's store to edge[] is not promised
// to be visible. Reported at that barrier: the step written with the
// constant first (`2 * pass`) is an induction variable like `pass *= 2`,
// so the loop is known to run and the barrier is the one that should
// order the pair (it used to be reported as a race with no barrier
// between). Fixed in global_fence_doubling_loop_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void halve_passes(__global float *data, __global float *out, __local float *edge)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int n = get_local_size(0);
    edge[lid] = data[gid];
    for (int pass = 1; pass <= 16; pass = 2 * pass) {
        data[gid] = data[gid] * 0.5f;
        barrier(CLK_GLOBAL_MEM_FENCE); // expected-error {{does not order __local memory}}
    }
    out[gid] = edge[n - 1 - lid] + data[gid];
}
