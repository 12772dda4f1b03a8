// Fixed twin of early_return_bounds.cl.
//
// The global size is still rounded up to a multiple of the work-group size,
// but instead of returning, the work-items past the end load a neutral value
// (0 for a maximum of magnitudes) through a guarded body and then take part
// in every barrier of the reduction. The bounds check guards the memory
// access, not the synchronization.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void block_absmax(__global const float *in, __global float *block_max,
                           __local float *scratch, int n)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);

    float v = 0.0f;
    if (gid < n)
        v = fabs(in[gid]);
    scratch[lid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s)
            scratch[lid] = fmax(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid == 0)
        block_max[get_group_id(0)] = scratch[0];
}
