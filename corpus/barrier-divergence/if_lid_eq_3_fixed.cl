// Fixed twin of if_lid_eq_3.cl.
//
// Every work-item stores its sample and then waits at a barrier that all of
// them execute; only then does work-item 3 scan the block for the peak. A
// second barrier, again outside the branch, publishes the peak to the whole
// group. Branching on the local id is fine as long as no barrier is inside
// the branch.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void scale_by_peak(__global const float *in, __global float *out,
                            __local float *vals)
{
    __local float peak;
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    vals[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);

    if (get_local_id(0) == 3) {
        float m = fabs(vals[0]);
        for (int i = 1; i < lsz; i++)
            m = fmax(m, fabs(vals[i]));
        peak = m > 0.0f ? m : 1.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    out[gid] = vals[lid] / peak;
}
