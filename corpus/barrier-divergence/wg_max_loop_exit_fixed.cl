// Fixed twin of wg_max_loop_exit.cl.
//
// The loop condition tests the group's worst residual, a work-group
// collective result and therefore the same for all work-items: the whole
// group iterates together and every work-item reaches the collective on
// every iteration. Work-items that have already converged keep iterating;
// Newton's step leaves a converged root where it is.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void newton_sqrt(__global const float *a, __global float *root,
                          __global float *worst_log, float tol, int max_iter)
{
    int gid = get_global_id(0);
    float x = a[gid];
    float y = x > 1.0f ? x : 1.0f;
    float worst;
    int it = 0;

    do {
        y = 0.5f * (y + x / y);
        float res = fabs(y * y - x);
        worst = work_group_reduce_max(res);
        if (get_local_id(0) == 0)
            worst_log[get_group_id(0) * max_iter + it] = worst;
        it++;
    } while (worst > tol && it < max_iter);
    root[gid] = y;
}
