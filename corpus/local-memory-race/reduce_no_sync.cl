// reduceNoSync: a dot product whose tree reduction in __local memory has no
// barriers at all.
//
// Each work-item stores its product x[i] * y[i] into scratch[lid], and the
// halving loop then adds scratch[lid + step] into scratch[lid]. Nothing makes
// work-item 0 wait until work-item 32 has stored scratch[32], nor until it
// has finished adding into it in the previous step: a read of a neighbour's
// element may see whatever local memory held before. Warp lockstep on a GPU
// can hide this; a CPU implementation that runs the work-items of a group
// one after another sums stale values, and Oclgrind reports the race.
// The race is reported once, at the statement that reads the neighbour's
// element (the read executes after the initial store on the connecting path).
// Fixed in reduce_no_sync_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void dot_product(__global const float *x, __global const float *y,
                          __global float *group_sums, __local float *scratch)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);

    scratch[lid] = x[gid] * y[gid];

    for (int step = get_local_size(0) / 2; step > 0; step /= 2) {
        if (lid < step)
            scratch[lid] += scratch[lid + step]; // expected-error {{local-memory race on scratch}}
    }

    if (lid == 0)
        group_sums[get_group_id(0)] = scratch[0];
}
