// A scatter through loaded indices followed by reads of other elements with
// no barrier: a race only if the data send two work-items to one element,
// which a permutation never does. A conflict that rests on such a
// coincidence of loaded values is not reported (the kernel is designed to
// avoid it); this is the correct-code side of that policy.
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel void permute(__global const uint *perm, __global const float *x, __global float *y)
{
    __local float t[64];
    int lid = get_local_id(0);
    t[perm[get_global_id(0)] & 63] = x[get_global_id(0)];
    y[get_global_id(0)] = t[lid];
}
