// A home-made global barrier built from OpenCL 2.0 atomics: every group
// adds its count to a global total, increments an arrival counter, and
// spins with atomic_load until all groups have arrived, to divide by the
// grand total in the same kernel.
//
// The atomics are correct as atomics (acquire and release at device scope,
// and the total is read atomically), so there is no data race here. The
// bug is the wait: OpenCL gives no forward-progress guarantee between
// work-groups and does not promise that all the groups of a launch are
// resident together. With more groups than the device holds, the resident
// ones spin forever on groups that can only start after them; Oclgrind,
// which runs one group at a time, spins in group 0.
// Reported at the loop's condition. Fixed in global_barrier_atomic_load_fixed.cl.
// RUN-CONFIG: --local-size=64 --num-groups=4
__kernel void share_of_total(__global const int *x, __global float *share,
                             volatile __global atomic_int *total,
                             volatile __global atomic_int *arrived, __local int *scratch)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);

    scratch[lid] = x[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = get_local_size(0) / 2; step > 0; step /= 2) {
        if (lid < step)
            scratch[lid] += scratch[lid + step];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0) {
        int groups = get_num_groups(0);
        atomic_fetch_add_explicit(total, scratch[0], memory_order_relaxed, memory_scope_device);
        atomic_fetch_add_explicit(arrived, 1, memory_order_release, memory_scope_device);
        while (atomic_load_explicit(arrived, memory_order_acquire, memory_scope_device) < groups) // expected-error {{waits for other work-groups}}
            ;
    }
    barrier(CLK_GLOBAL_MEM_FENCE);

    int t = atomic_load_explicit(total, memory_order_relaxed, memory_scope_device);
    share[gid] = (float)x[gid] / (float)t;
}
