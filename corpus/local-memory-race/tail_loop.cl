// A sub-group-sized loop without barriers: the reduction tail written as a
// loop over the last 32 partial sums, for "one warp".
//
// The maximum per work-group: the tree loop with barriers stops at 64
// elements, then work-items 0..31 halve the rest in a loop with no barrier
// and no volatile, trusting that a warp's lanes execute each iteration
// together. Not even a warp guarantees that any more, and a compiler may
// keep m[lid] in a register across iterations since nothing tells it other
// work-items write local memory here. A local-memory race at the loop's
// statement (its reads of m[lid + step] read other work-items' results
// from the previous iteration), with a note that all the work-items
// involved are one sub-group. Fixed in tail_loop_fixed.cl with
// sub_group_reduce_max, which needs no local memory for the tail at all.
// RUN-CONFIG: --local-size=64
__kernel void block_max(__global const float *x, __global float *maxima, __local float *m)
{
    int lid = get_local_id(0);

    m[lid] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int step = get_local_size(0) / 2; step > 32; step /= 2) {
        if (lid < step)
            m[lid] = fmax(m[lid], m[lid + step]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid < 32) {
        for (int step = 32; step > 0; step /= 2)
            m[lid] = fmax(m[lid], m[lid + step]); // expected-error {{local-memory race on m[}}
    }

    if (lid == 0)
        maxima[get_group_id(0)] = m[0];
}
