// Barriers inside a loop whose trip count depends on the work-item.
//
// Matrix-vector product y = A x, one row per work-item, with x staged through
// local memory one chunk at a time. The loop `for (i = lid; i < n; i += lsz)`
// runs ceil((n - lid) / lsz) times: when n is not a multiple of the
// work-group size, the low work-items make one more trip than the high ones,
// and in that last trip they wait at barriers the others never reach. Every
// work-item must execute a barrier inside a loop on every iteration, so the
// trip count must be the same for the whole group. Fixed in
// loop_trip_lid_fixed.cl: the loop runs over chunk bases, a uniform count,
// and only the load of x is guarded.
// RUN-CONFIG: --local-size=64
__kernel void matvec_staged(__global const float *a, __global const float *x,
                            __global float *y, __local float *xs, int n)
{
    int row = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    float acc = 0.0f;

    for (int i = lid; i < n; i += lsz) { // #loop
        xs[lid] = x[i];
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        int base = i - lid;
        int len = min(lsz, n - base);
        for (int k = 0; k < len; k++)
            acc += a[row * n + base + k] * xs[k];
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
    }
    y[row] = acc;
}
// expected-note@#loop 2 {{loop condition depends on}}
