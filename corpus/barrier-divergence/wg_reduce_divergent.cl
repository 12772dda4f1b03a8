// `work_group_reduce_add` under a divergent branch.
//
// Mean of the positive samples of each work-group. The author reduces only
// "the samples that count" by calling the collective inside `if (x > 0.0f)`.
// Work-group functions are barriers in disguise: the specification requires
// every work-item of the group to reach each of them, with the same uniform
// arguments where it asks for them, and leaves the result undefined (often a
// hang) otherwise. Fixed in wg_reduce_divergent_fixed.cl: every work-item
// calls the collectives and the non-positive samples contribute 0.
// RUN-CONFIG: --local-size=64
__kernel void positive_mean(__global const float *in, __global float *mean)
{
    float x = in[get_global_id(0)];
    float sum = 0.0f;
    int count = 0;

    if (x > 0.0f) { // #cond
        sum = work_group_reduce_add(x); // expected-error {{collective 'work_group_reduce_add' reached under divergent control flow}}
        count = work_group_reduce_add(1); // expected-error {{collective 'work_group_reduce_add' reached under divergent control flow}}
    }

    if (get_local_id(0) == 0)
        mean[get_group_id(0)] = count > 0 ? sum / (float)count : 0.0f;
}
// expected-note@#cond 2 {{branch condition depends on 'x', which depends on}}
