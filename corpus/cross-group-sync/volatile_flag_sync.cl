// Polling-based synchronization between work-groups through a volatile
// global flag: the last work-group computes a calibration value, the others
// spin until it raises the flag.
//
// The last block of the input holds calibration samples. The last
// work-group reduces them to their largest magnitude, stores it in scale[0]
// and sets *ready = 1; work-item 0 of every other group spins on *ready
// before its group divides its samples by scale[0]. Nothing guarantees that
// the last group ever runs while the others spin: groups may be started in
// any order and need not all be resident, and a spinning group keeps its
// compute unit. Oclgrind runs group 0 first and spins forever. When it does
// finish, the flag still orders nothing: `volatile` only keeps the compiler
// from caching the load, so the other groups' loads of scale[0] race with
// the last group's store.
// Reported: cross-group-sync at the loop's condition, and inter-group-race
// at the load of scale[0]. Fixed in volatile_flag_sync_fixed.cl.
// RUN-CONFIG: --local-size=64 --num-groups=4
__kernel void calibrate(__global const float *x, __global float *y, __global float *scale,
                        volatile __global int *ready, __local float *scratch)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int last = get_num_groups(0) - 1;

    if (get_group_id(0) == last) {
        scratch[lid] = fabs(x[gid]);
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int step = get_local_size(0) / 2; step > 0; step /= 2) {
            if (lid < step)
                scratch[lid] = fmax(scratch[lid], scratch[lid + step]);
            barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (lid == 0) {
            scale[0] = scratch[0];
            mem_fence(CLK_GLOBAL_MEM_FENCE);
            *ready = 1;
        }
    } else if (lid == 0) {
        while (*ready == 0) // expected-error {{waits for other work-groups}}
            ;
    }
    barrier(CLK_GLOBAL_MEM_FENCE);

    y[gid] = x[gid] / scale[0]; // expected-error {{inter-group race on scale}}
}
