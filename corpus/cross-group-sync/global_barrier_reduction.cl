// A multi-group sum that tries to finish in the same kernel: every group
// announces its partial sum with an atomic counter, then polls the counter
// until all groups have arrived (a home-made global barrier).
//
// Each work-group reduces its 64 values in __local memory (correctly), and
// work-item 0 stores the group's sum in partial[group], increments `arrived`
// and spins until it reads get_num_groups(0). Group 0 then adds up all the
// partial sums. OpenCL does not promise that the work-groups of a launch
// run at the same time, nor that one makes progress while another spins:
// when there are more groups than the device can hold, the groups already
// running spin forever waiting for groups that cannot start until they
// finish. Oclgrind runs the groups one after another and hangs in group 0;
// a GPU hangs once the launch is large enough. Even when every group is
// resident, the volatile counter orders nothing: group 0's loads of the
// other groups' partial[k] race with their stores.
// Reported: cross-group-sync at the loop's condition, and inter-group-race
// at the load of partial[k]. Fixed in global_barrier_reduction_fixed.cl
// (the first stage alone, finished on the host) and ok_reduce_finish.cl
// (the second kernel).
// RUN-CONFIG: --local-size=64 --num-groups=4
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

    if (lid == 0) {
        partial[grp] = scratch[0];
        mem_fence(CLK_GLOBAL_MEM_FENCE);
        atomic_inc(arrived);
        while (*arrived < get_num_groups(0)) // expected-error {{waits for other work-groups}}
            ;
    }
    barrier(CLK_GLOBAL_MEM_FENCE);

    if (grp == 0 && lid == 0) {
        float total = 0.0f;
        for (int k = 0; k < get_num_groups(0); k++)
            total += partial[k]; // expected-error {{inter-group race on partial}}
        result[0] = total;
    }
}
