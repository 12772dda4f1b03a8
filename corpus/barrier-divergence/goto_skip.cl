// A `goto` that jumps over a barrier for some work-items.
//
// Log-ratio of each positive sample to its right neighbour in the tile. In
// C style, the author sends invalid samples (x <= 0) to the `done:` label
// with `goto` once they have published a 0, and the jump skips the barrier
// at which the valid work-items wait. A jump is a branch: whether the
// barrier is reached now depends on the work-item's own sample. Fixed in
// goto_skip_fixed.cl: invalid samples publish 0, everybody executes the
// barrier, and the jump goes away.
// RUN-CONFIG: --local-size=64
__kernel void log_ratio(__global const float *x, __global float *out,
                        __local float *logs)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    float v = x[gid];
    float r = 0.0f;

    if (v <= 0.0f) {
        logs[lid] = 0.0f;
        goto done;
    }
    logs[lid] = log(v);
    barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
    r = logs[lid] - logs[(lid + 1) % lsz];
done:
    out[gid] = r;
}
