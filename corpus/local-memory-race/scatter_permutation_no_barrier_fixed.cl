// The fixed twin of scatter_permutation_no_barrier.cl: a barrier between
// the scatter and the reads. The scattered stores themselves are left
// alone: through a permutation no two work-items store one element.
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel void permute(__global const uint *perm, __global const float *x, __global float *y)
{
    __local float t[64];
    int lid = get_local_id(0);
    t[perm[get_global_id(0)] & 63] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    y[get_global_id(0)] = t[lid];
}
