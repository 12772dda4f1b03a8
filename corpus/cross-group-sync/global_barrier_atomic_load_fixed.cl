// The fixed twin of global_barrier_atomic_load.cl: the first of two kernels.
// Each work-group adds its count to the total and finishes; the end of the
// launch is the point where all groups have arrived. The host then enqueues
// the second kernel below, share_apply, which divides by the total. This
// kernel leaves `share` untouched; `arrived` is kept only so that the
// signature matches.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void share_of_total(__global const int *x, __global float *share,
                             volatile __global atomic_int *total,
                             volatile __global atomic_int *arrived, __local int *scratch)
{
    int lid = get_local_id(0);

    scratch[lid] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = get_local_size(0) / 2; step > 0; step /= 2) {
        if (lid < step)
            scratch[lid] += scratch[lid + step];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        atomic_fetch_add_explicit(total, scratch[0], memory_order_relaxed, memory_scope_device);
}

// The second kernel: the total is complete before it starts, and plain
// loads of it are fine (nobody writes it during this launch).
__kernel void share_apply(__global const int *x, __global float *share,
                          __global const int *total)
{
    int gid = get_global_id(0);
    share[gid] = (float)x[gid] / (float)total[0];
}
