// The fixed twin of concat_missing_guard.cl: `if (gid < N)` keeps the
// work-items past the end of the data from writing anything, so every slot of
// `out` has exactly one writer. The guard contains no barrier, so it may
// diverge freely.
// RUN-CONFIG: --local-size=64 --num-groups=4 -D N=200
// expected-no-diagnostics
#ifndef N
#define N 200
#endif

__kernel void concat(__global const float *a, __global const float *b, __global float *out)
{
    int gid = get_global_id(0);

    if (gid < N) {
        out[gid] = a[gid];
        out[N + gid] = b[gid];
    }
}
