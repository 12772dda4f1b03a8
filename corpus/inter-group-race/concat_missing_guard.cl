// A concatenation kernel without its `if (gid < N)` guard: the last
// work-group writes past the first array's range into the second array's,
// where group 0 is writing.
//
// `out` holds a (N elements) followed by b (N elements). The NDRange is N
// rounded up to a multiple of the work-group size: with N = 200 and groups of
// 64, 256 work-items, so work-items 200..255 of group 3 have no element of
// their own. Unguarded, work-item 200 of group 3 stores a[200] (padding) into
// out[200], the slot where work-item 0 of group 0 stores b[0]. Which value
// remains depends on the order of the groups. (It also reads past a and b
// and writes past out[2 * N - 1]; the host here allocates 256-element inputs
// and a 512-element output, so only the collision is visible.)
// Reported at the store into the second half, the later one in the kernel.
// Fixed in concat_missing_guard_fixed.cl.
// RUN-CONFIG: --local-size=64 --num-groups=4 -D N=200
#ifndef N
#define N 200
#endif

__kernel void concat(__global const float *a, __global const float *b, __global float *out)
{
    int gid = get_global_id(0);

    out[gid] = a[gid];
    out[N + gid] = b[gid]; // expected-error {{inter-group race on out}}
}
