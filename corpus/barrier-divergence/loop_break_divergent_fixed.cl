// Fixed twin of loop_break_divergent.cl.
//
// The loop has a uniform exit: every work-item runs `max_iter` iterations
// and executes both barriers in each of them. A converged point sets `done`
// and stops changing its value, but keeps publishing it to its neighbours and
// keeps meeting them at the barriers.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void relax(__global const float *in, __global float *out,
                    __local float *cur, float tol, int max_iter)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    float v = in[gid];
    int done = 0;

    for (int it = 0; it < max_iter; it++) {
        cur[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        float left = lid > 0 ? cur[lid - 1] : v;
        float right = lid < lsz - 1 ? cur[lid + 1] : v;
        float next = (left + v + right) / 3.0f;
        if (!done) {
            if (fabs(next - v) < tol)
                done = 1;
            else
                v = next;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[gid] = v;
}
