// A fixed-point iteration per element whose loop exit reads __global memory
// that only the same work-item writes: correct, quiet.
//
// Each work-item refines the square root of its own sample with Newton's
// method, keeping the current estimate in est[gid] (a buffer the host reads
// back as a warm start for the next call), and stops when the estimate no
// longer changes or after 32 steps. The exit condition loads est[gid], but
// est[gid] is stored by no other work-item, of this group or any other: the
// loop waits for nobody.
// RUN-CONFIG: --local-size=64 --num-groups=4
// expected-no-diagnostics
__kernel void refine_sqrt(__global const float *x, __global float *est)
{
    int gid = get_global_id(0);
    float a = x[gid] + 1.0f;
    float prev = 0.0f;
    int steps = 0;

    est[gid] = a;
    while (fabs(est[gid] - prev) > 1e-6f * est[gid] && steps < 32) {
        prev = est[gid];
        est[gid] = 0.5f * (prev + a / prev);
        steps++;
    }
}
