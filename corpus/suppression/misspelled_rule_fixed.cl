// misspelled_rule.cl with the rule's name spelled right: the finding is
// hidden, with the reason after "--" (SARIF shows it as a suppressed result
// with that justification).
// expected-no-diagnostics
__kernel void first_lane(__global float *out)
{
    int lid = get_local_id(0);
    if (lid == 0) {
        // clsynclint: disable-next-line=barrier-divergence -- the host launches work-groups of one work-item
        barrier(CLK_GLOBAL_MEM_FENCE);
        out[get_group_id(0)] = 1.0f;
    }
}
