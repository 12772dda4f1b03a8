// Barriers in a `do ... while` loop whose condition differs between
// work-items.
//
// Diffusion in a tile until the point stops moving: each work-item tests
// its own change in the loop condition. As soon as one point has settled it
// leaves the loop, while its neighbours go round again and wait at the
// barriers for it. The condition of a loop that holds a barrier must have
// the same value for every work-item of the group on every iteration.
// Fixed in do_while_divergent_fixed.cl: the group agrees on one condition,
// the largest change of any of its points, read from local memory after a
// barrier.
// RUN-CONFIG: --local-size=64
__kernel void diffuse(__global const float *in, __global float *out,
                      __local float *cur, float tol, int max_iter)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    float v = in[gid];
    float delta;
    int it = 0;

    do {
        cur[lid] = v;
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        float left = lid > 0 ? cur[lid - 1] : v;
        float right = lid < lsz - 1 ? cur[lid + 1] : v;
        float next = 0.25f * left + 0.5f * v + 0.25f * right;
        delta = fabs(next - v);
        v = next;
        it++;
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
    } while (delta > tol && it < max_iter); // #cond
    out[gid] = v;
}
// expected-note@#cond 2 {{depends on 'delta', which depends on}}
