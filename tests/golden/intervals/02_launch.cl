// The launch decided per kernel: a block size hard-coded in a stride, a
// __local array that bounds the group, a dimension never told apart, a
// kernel for one work-item, reqd_work_group_size, and a group in two halves
// (the stride of each half's index counts from the first work-item that
// runs it: 16 + 16, not 16).
#define BLOCK 128
__kernel void stride(__global float *x, int n)
{
    for (int i = BLOCK * get_group_id(0) + get_local_id(0); i < n; i += get_num_groups(0) * BLOCK)
        x[i] *= 2.0f;
}

__kernel void tile(__global float *x)
{
    __local float t[16 * 16];
    int c = get_local_id(0);
    for (int r = 0; r < 16; r++)
        t[r * 16 + c] = x[r * 16 + c];
    barrier(CLK_LOCAL_MEM_FENCE);
    x[c] = t[c * 16];
}

__kernel void rows(__global float *x)
{
    x[get_group_id(1) * 256 + get_local_id(0)] = 0.0f;
}

__kernel void single(__global float *x, int n)
{
    for (int i = 1; i < n; i++)
        x[i] += x[i - 1];
}

__kernel __attribute__((reqd_work_group_size(32, 4, 1)))
void fixed(__global float *x)
{
    x[get_global_id(1) * get_global_size(0) + get_global_id(0)] = 1.0f;
}

__kernel void halves(__global float *m, __local float *rows, __local float *cols, int dim)
{
    int tx = get_local_id(0);
    if (tx < 16) {
        for (int i = 0; i < 16; i++)
            rows[i * 16 + tx] = m[i * dim + tx];
    } else {
        int idx = tx - 16;
        for (int i = 0; i < 16; i++)
            cols[i * 16 + idx] = m[(i + 16) * dim + idx];
    }
}
