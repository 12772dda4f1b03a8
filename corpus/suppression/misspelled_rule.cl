// A suppression comment that names no rule (a misspelling): it hides nothing,
// and clsynclint says so instead of leaving the finding silently shown.
__kernel void first_lane(__global float *out)
{
    int lid = get_local_id(0);
    if (lid == 0) {
        // expected-warning@+1 {{unknown rule 'barrier-divergance' in a suppression comment}}
        // clsynclint: disable-next-line=barrier-divergance -- the host launches work-groups of one work-item
        barrier(CLK_GLOBAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        out[get_group_id(0)] = 1.0f;
    }
}
