// Loop counters: a reduction tree whose steps are ordered by the barrier
// at the top of each iteration (free), the same tree without it (race
// across iterations), and a do-while whose counter stays below its bound.
__kernel void tree(__global float *out, __local float *s)
{
    int lid = get_local_id(0);
    s[lid] = 1.0f;
    for (int d = get_local_size(0) / 2; d > 0; d >>= 1) {
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid < d)
            s[lid] += s[lid + d];
    }
    if (lid == 0)
        out[get_group_id(0)] = s[0];
}

__kernel void tree_no_barrier(__global float *out, __local float *s)
{
    int lid = get_local_id(0);
    s[lid] = 1.0f;
    for (int d = get_local_size(0) / 2; d > 0; d >>= 1)
        if (lid < d)
            s[lid] += s[lid + d];
    if (lid == 0)
        out[get_group_id(0)] = s[0];
}

__kernel void log_steps(__global float *log, int max_iter)
{
    int it = 0;
    do {
        if (get_local_id(0) == 0)
            log[get_group_id(0) * max_iter + it] = (float)it;
        it++;
    } while (it < max_iter);
}
