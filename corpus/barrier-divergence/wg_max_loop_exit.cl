// `work_group_reduce_max` inside a loop whose exit differs between
// work-items.
//
// Newton iterations for square roots, one value per work-item, with the
// group's worst residual logged after every iteration. Each work-item leaves
// the loop when its own residual is small enough, so in later iterations
// only the slow work-items still call the collective: undefined behaviour,
// in practice a hang or garbage in the log. Fixed in
// wg_max_loop_exit_fixed.cl: the loop exits on the group's worst residual,
// which is the same for every work-item.
// RUN-CONFIG: --local-size=64
__kernel void newton_sqrt(__global const float *a, __global float *root,
                          __global float *worst_log, float tol, int max_iter)
{
    int gid = get_global_id(0);
    float x = a[gid];
    float y = x > 1.0f ? x : 1.0f;
    float res;
    int it = 0;

    do {
        y = 0.5f * (y + x / y);
        res = fabs(y * y - x);
        float worst = work_group_reduce_max(res); // expected-error {{collective 'work_group_reduce_max' reached under divergent control flow}}
        if (get_local_id(0) == 0)
            worst_log[get_group_id(0) * max_iter + it] = worst;
        it++;
    } while (res > tol && it < max_iter);
    root[gid] = y;
}
