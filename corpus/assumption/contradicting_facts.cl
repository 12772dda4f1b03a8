// Facts that cannot both hold: n at least the work-group size, and n at
// most 32, for a kernel launched in work-groups of 64. No launch satisfies
// both, so the analyses could conclude anything from them; clsynclint
// reports the contradiction at the first fact. Fixed (the fact the host
// really guarantees) in contradicting_facts_fixed.cl.
// RUN-CONFIG: --local-size=64
// expected-error@+1 {{contradict its launch or each other}}
// clsynclint: assume n >= get_local_size(0)
// clsynclint: assume n <= 32
__kernel void copy_rows(__global const float *in, __global float *out, int n)
{
    int gid = get_global_id(0);
    if (gid < n)
        out[gid] = in[gid];
}
