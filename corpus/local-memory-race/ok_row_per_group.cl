// Row statistics with one row per work-group along dimension 0: work-item
// (t, j) sums the strided part j of row t, then the group reduces in
// __local memory indexed by the local id of dimension 1 only.
//
// The kernel tells its work-items apart within the group only along
// dimension 1 (get_local_id(1), get_local_size(1)); along dimension 0 it
// uses the global id alone, the row. It is written for groups one wide
// along dimension 0, (1, L): two work-items of one group that differ in
// dimension 0 would share every __local element. With no launch given,
// clsynclint takes that width, as the author evidently does, instead of
// assuming a 16x16 group nobody wrote (which made every access a race).
// No launch options: the launch is inferred.
// expected-no-diagnostics
__kernel void row_mean(__global const float *in, __global float *out, int cols)
{
    int t = get_global_id(0);
    int j = get_local_id(1), L = get_local_size(1);
    __local float part[256];
    __local float mean;
    float sum = 0.0f;
    for (int i = j; i < cols; i += L)
        sum += in[t * cols + i];
    part[j] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int p = L / 2; p >= 1; p >>= 1) {
        if (j < p)
            part[j] += part[j + p];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (j == 0)
        mean = part[0] / cols;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int i = j; i < cols; i += L)
        out[t * cols + i] = in[t * cols + i] - mean;
}
