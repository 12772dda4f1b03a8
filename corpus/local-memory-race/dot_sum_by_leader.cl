// A single-work-group dot product: every work-item accumulates a strided
// part of the vectors, stores its partial sum in terms[lid], and work-item 0
// adds up the whole array. There is no barrier between the stores and
// work-item 0's loop, so work-item 0 may read terms[1..63] before their
// owners have stored them (on a CPU implementation work-item 0 typically runs
// to the end first and sums whatever the local buffer held before).
// Reported at the read inside work-item 0's loop, which executes second.
// Fixed in dot_sum_by_leader_fixed.cl.
// RUN-CONFIG: --local-size=64 --num-groups=1
__kernel void dot_single_group(__global const float *x, __global const float *y,
                               __global float *result, __local float *terms, int n)
{
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    float t = 0.0f;
    for (int i = lid; i < n; i += lsz)
        t += x[i] * y[i];
    terms[lid] = t;

    if (lid == 0) {
        float sum = 0.0f;
        for (int i = 0; i < lsz; i++)
            sum += terms[i]; // expected-error {{local-memory race on terms}}
        *result = sum;
    }
}
