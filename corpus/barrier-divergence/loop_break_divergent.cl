// A divergent `break` out of a loop that contains barriers.
//
// Each work-item relaxes its point towards the average of itself and its two
// neighbours in the tile until its own change drops below `tol`. A point
// that has converged leaves the loop with `break`, while its neighbours are
// still iterating: they wait at the barriers of the next iteration for a
// work-item that will never come. Each barrier in a loop must be executed on
// every iteration by every work-item, so the exit of such a loop must be the
// same for the whole group. Fixed in loop_break_divergent_fixed.cl: the loop
// runs a uniform number of iterations and a converged point only stops
// updating its value.
// RUN-CONFIG: --local-size=64
__kernel void relax(__global const float *in, __global float *out,
                    __local float *cur, float tol, int max_iter)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    float v = in[gid];

    for (int it = 0; it < max_iter; it++) {
        cur[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        float left = lid > 0 ? cur[lid - 1] : v;
        float right = lid < lsz - 1 ? cur[lid + 1] : v;
        float next = (left + v + right) / 3.0f;
        if (fabs(next - v) < tol)
            break;
        v = next;
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
    }
    out[gid] = v;
}
