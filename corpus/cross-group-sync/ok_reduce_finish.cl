// The second kernel of a two-kernel sum: one work-group adds up the partial
// sums that the first kernel (global_barrier_reduction_fixed.cl) stored, one
// per work-group. Correct, quiet.
//
// The host enqueues it after the first kernel on an in-order queue, so all
// partial sums are complete before it starts: the kernel boundary is the
// synchronization the buggy version tried to build from a spin loop. It is
// launched as a single work-group, which strides over however many partial
// sums there are, reduces in __local memory with barriers, and has
// work-item 0 store the total.
// RUN-CONFIG: --local-size=64 --num-groups=1
// expected-no-diagnostics
__kernel void finish_sum(__global const float *partial, int count, __global float *result,
                         __local float *scratch)
{
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    float acc = 0.0f;
    for (int k = lid; k < count; k += lsz)
        acc += partial[k];
    scratch[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int step = lsz / 2; step > 0; step /= 2) {
        if (lid < step)
            scratch[lid] += scratch[lid + step];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        result[0] = scratch[0];
}
