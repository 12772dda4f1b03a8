// One row of a matrix per work-group, the group as wide as a row (the host
// launches local = (n, 1)): the kernel names its work-items by global ids
// only, x = get_global_id(0) for the column and y = get_global_id(1) for
// the row, and keeps the row's values in __local sums[x]. A group two rows
// tall would have two work-items on every element of sums: the kernel is
// written for groups one wide along dimension 1, and the witnesses take
// that shape (the size stays open) as for a kernel that asks for
// get_local_id(0) and only for get_global_id(1). It was analyzed 16 x 16,
// and work-items (0,0) and (0,2) "raced" on sums[0].
// expected-no-diagnostics
__kernel void row_sum(__global const float *m, __global float *out, __local float *sums, int n)
{
    int x = get_global_id(0);
    int y = get_global_id(1);
    sums[x] = m[y * n + x];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (x == 0) {
        float s = 0.0f;
        for (int k = 0; k < n; k++)
            s += sums[k];
        out[y] = s;
    }
}
