// Fixed twin of comma_macro_condition.cl: the loop with the barriers runs 16
// times for every work-item. Its condition is still `TRACE(tid), d < 16`: the
// comma operator's value is its right operand, whatever macro writes the
// left one, so the earlier loop's divergence (its trip count depends on the
// work-item) must not leak into this loop.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
#define TRACE(x) ((void)0)

__kernel void smooth(__global float *a, __local float *s)
{
    int tid = get_local_id(0);
    for (int i = 0; i < tid; i++)
        a[get_global_id(0)] += 1.0f;
    for (int d = 0; TRACE(tid), d < 16; d++) {
        s[tid] = a[get_global_id(0)];
        barrier(CLK_LOCAL_MEM_FENCE);
        a[get_global_id(0)] = s[(tid + 1) % 64];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
}
