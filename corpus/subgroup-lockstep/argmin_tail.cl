// An arg-min reduction whose tail relies on warp lockstep: two local arrays
// (value and index) updated together, six unrolled steps without barriers.
//
// Each work-group finds the index of its smallest sample. The first step
// (offset 32) reads values stored before the barrier; from the second step
// on (offset 16), work-item lid compares with vals[lid + 16] and copies
// idx[lid + 16], which work-item lid + 16 may still be updating in the step
// before, so without lockstep a work-item can copy the index of one
// candidate together with the value of another. This is one unsynchronized
// tail, reported once, at its first read of another work-item's update
// (the comparison at the offset-16 step). Fixed in argmin_tail_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void block_argmin(__global const float *x, __global int *argmins,
                           __local float *vals, __local int *idx)
{
    int lid = get_local_id(0);
    int gid = get_global_id(0);

    vals[lid] = x[gid];
    idx[lid] = gid;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid < 32) {
        volatile __local float *v = vals;
        volatile __local int *i = idx;
        if (v[lid + 32] < v[lid]) { v[lid] = v[lid + 32]; i[lid] = i[lid + 32]; }
        if (v[lid + 16] < v[lid]) { v[lid] = v[lid + 16]; i[lid] = i[lid + 16]; } // expected-warning {{relies on sub-group lockstep}}
        if (v[lid + 8] < v[lid]) { v[lid] = v[lid + 8]; i[lid] = i[lid + 8]; }
        if (v[lid + 4] < v[lid]) { v[lid] = v[lid + 4]; i[lid] = i[lid + 4]; }
        if (v[lid + 2] < v[lid]) { v[lid] = v[lid + 2]; i[lid] = i[lid + 2]; }
        if (v[lid + 1] < v[lid]) { v[lid] = v[lid + 1]; i[lid] = i[lid + 1]; }
    }

    if (lid == 0)
        argmins[get_group_id(0)] = idx[0];
}
