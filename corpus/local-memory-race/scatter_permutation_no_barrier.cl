// A scatter through loaded indices, then each work-item reads its own
// element with no barrier between. A permutation keeps the scattered
// stores apart (no two work-items store one element), but the element
// work-item i reads, t[i], is stored by whichever work-item the data send
// there: another work-item, unless the permutation is the identity. That
// store and the read are not ordered, so the read may see the old value.
// Fixed in scatter_permutation_no_barrier_fixed.cl with a barrier between.
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel void permute(__global const uint *perm, __global const float *x, __global float *y)
{
    __local float t[64];
    int lid = get_local_id(0);
    t[perm[get_global_id(0)] & 63] = x[get_global_id(0)];
    y[get_global_id(0)] = t[lid]; // expected-error {{local-memory race on t}}
}
