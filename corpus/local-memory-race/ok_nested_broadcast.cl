// A blocked triangular solve's broadcast, in the shape of dense linear
// algebra kernels: for each block b, for each column j of it, work-item 0
// publishes x[j] through __local memory, a barrier makes it visible, and
// every work-item uses it. The next column's store comes one inner
// iteration later, into the next element; the next block's stores come
// after the barrier that ends each block. No store meets a read it could
// overwrite: correct, and quiet.
// expected-no-diagnostics
#define NB 32

__kernel void blocked_update(__global const float *x, __global const float *a,
                             __global float *y, int nblocks, int lda)
{
    __local float xs[NB];
    int row = get_global_id(0);
    float acc = 0.0f;
    for (int b = 0; b < nblocks; b++) {
        for (int j = 0; j < NB; j++) {
            if (get_local_id(0) == 0)
                xs[j] = x[b * NB + j];
            barrier(CLK_LOCAL_MEM_FENCE);
            acc += a[row * lda + b * NB + j] * xs[j];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    y[row] = acc;
}
