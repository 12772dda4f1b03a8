// A barrier inside `if (get_local_id(0) == 3)`.
//
// Each work-group scales its block of samples by the block's peak magnitude.
// Work-item 3 finds the peak; its author reasoned "only the work-item that
// reads everybody's sample has to wait for them" and put the first barrier
// inside the branch. But a barrier is a meeting point of the whole group: it
// must be executed by every work-item of the group or by none. Here
// work-item 3 waits at one barrier while the other 63 wait at the next one.
// On a GPU that may deadlock or may release the wrong waiters; on a CPU
// implementation it crashes or work-item 3 reads samples that are not
// stored yet. Fixed in if_lid_eq_3_fixed.cl: every work-item executes the
// barrier, and only the work of finding the peak stays in the branch.
// RUN-CONFIG: --local-size=64
__kernel void scale_by_peak(__global const float *in, __global float *out,
                            __local float *vals)
{
    __local float peak;
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    vals[lid] = in[gid];

    if (get_local_id(0) == 3) { // #cond
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        float m = fabs(vals[0]);
        for (int i = 1; i < lsz; i++)
            m = fmax(m, fabs(vals[i]));
        peak = m > 0.0f ? m : 1.0f;
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    out[gid] = vals[lid] / peak;
}
// expected-note@#cond {{branch condition depends on get_local_id(0)}}
