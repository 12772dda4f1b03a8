// Fixed twin of wg_reduce_divergent.cl.
//
// Both collectives are called by every work-item of the group; the selection
// moves into the argument, so a non-positive sample adds 0 to the sum and to
// the count. The results are the same for the whole group.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void positive_mean(__global const float *in, __global float *mean)
{
    float x = in[get_global_id(0)];
    int positive = x > 0.0f;

    float sum = work_group_reduce_add(positive ? x : 0.0f);
    int count = work_group_reduce_add(positive);

    if (get_local_id(0) == 0)
        mean[get_group_id(0)] = count > 0 ? sum / (float)count : 0.0f;
}
