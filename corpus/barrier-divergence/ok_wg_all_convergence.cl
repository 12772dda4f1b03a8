// Loops and branches controlled by work-group collective results: quiet.
//
// Jacobi smoothing of each work-group's tile until every point has settled.
// `work_group_all` returns the same value to every work-item, so the loop
// condition built from it is uniform and the barriers in the loop are
// reached by the whole group on every iteration. The same holds for the
// branches on `work_group_reduce_add` and `work_group_any` below, each with
// a barrier or a collective inside.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void smooth_until_settled(__global const float *in, __global float *out,
                                   __local float *cur, float tol, int max_iter)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    float v = in[gid];
    int settled = 0;

    for (int it = 0; it < max_iter && !settled; it++) {
        cur[lid] = v;
        work_group_barrier(CLK_LOCAL_MEM_FENCE);
        float left = lid > 0 ? cur[lid - 1] : v;
        float right = lid < lsz - 1 ? cur[lid + 1] : v;
        float next = (left + v + right) / 3.0f;
        float change = fabs(next - v);
        v = next;
        work_group_barrier(CLK_LOCAL_MEM_FENCE);
        settled = work_group_all(change < tol);
    }

    float total = work_group_reduce_add(v);
    if (total != 0.0f) {
        float peak = work_group_reduce_max(fabs(v));
        v = v / peak;
    }
    if (work_group_any(v < 0.0f)) {
        cur[lid] = v;
        work_group_barrier(CLK_LOCAL_MEM_FENCE);
        v = fmax(v, cur[lsz - 1 - lid]);
    }
    out[gid] = v;
}
