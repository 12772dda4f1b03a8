// The fixed twin of dot_sum_by_leader.cl: a barrier(CLK_LOCAL_MEM_FENCE)
// between the stores and work-item 0's loop. Every work-item reaches it
// (it is outside the `if`), and after it every terms[i] is visible to
// work-item 0. A serial sum by one work-item is slow for large groups, but
// it is correct.
// RUN-CONFIG: --local-size=64 --num-groups=1
// expected-no-diagnostics
__kernel void dot_single_group(__global const float *x, __global const float *y,
                               __global float *result, __local float *terms, int n)
{
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    float t = 0.0f;
    for (int i = lid; i < n; i += lsz)
        t += x[i] * y[i];
    terms[lid] = t;
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid == 0) {
        float sum = 0.0f;
        for (int i = 0; i < lsz; i++)
            sum += terms[i];
        *result = sum;
    }
}
