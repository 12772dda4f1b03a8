// The fixed twin of clamped_tail_owner.cl: the work-items past the end do
// nothing.
// expected-no-diagnostics
// RUN-CONFIG: --local-size=64
__kernel void label_owner(__global const float *in, __global float *val, __global int *owner,
                          int n)
{
    int gid = get_global_id(0);
    if (gid < n) {
        val[gid] = 0.5f * in[gid];
        owner[gid] = gid;
    }
}
