// contradicting_facts.cl with the one fact its host guarantees: n is a
// multiple of the work-group size. Consistent with --local-size=64, and the
// kernel is quiet.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
// clsynclint: assume n % get_local_size(0) == 0 && n >= 1
__kernel void copy_rows(__global const float *in, __global float *out, int n)
{
    int gid = get_global_id(0);
    if (gid < n)
        out[gid] = in[gid];
}
