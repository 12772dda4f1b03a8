// Divergent loops and branches that contain no barrier: quiet.
//
// Dot product partials: each work-item first accumulates a grid-stride
// range -- a loop whose trip count differs between work-items, harmless
// because it holds no barrier -- and stores its partial in local memory.
// After one barrier on every work-item's path, work-item 0 alone adds the
// partials in a divergent branch, which again holds no barrier.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void dot_partial_strided(__global const float *a, __global const float *b,
                                  __global float *partial, __local float *prod, int n)
{
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    float acc = 0.0f;

    for (int i = get_global_id(0); i < n; i += get_global_size(0))
        acc += a[i] * b[i];
    prod[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0) {
        float s = 0.0f;
        for (int i = 0; i < lsz; i++)
            s += prod[i];
        partial[get_group_id(0)] = s;
    }
}
