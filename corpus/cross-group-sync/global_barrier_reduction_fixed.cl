// The fixed twin of global_barrier_reduction.cl: the kernel ends where the
// groups would have had to wait for each other. Each work-group stores its
// sum in partial[group] and finishes; the end of the kernel is the global
// barrier, and the host (which waits for the kernel) adds the 4 partial sums,
// or launches a second kernel to do it (ok_reduce_finish.cl). No group ever
// waits for another, and each partial[group] has one writer. `result` and
// `arrived` are kept only so that the signature matches the buggy kernel.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void sum_all(__global const float *x, __global float *partial, __global float *result,
                      volatile __global int *arrived, __local float *scratch)
{
    int lid = get_local_id(0);
    int grp = get_group_id(0);

    scratch[lid] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = get_local_size(0) / 2; step > 0; step /= 2) {
        if (lid < step)
            scratch[lid] += scratch[lid + step];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        partial[grp] = scratch[0];
}
