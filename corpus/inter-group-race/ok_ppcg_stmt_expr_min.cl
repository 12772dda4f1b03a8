// Polyhedral-compiler output for B = 2 A on an n x n matrix: each work-group
// copies a 32 x 32 block of A into __local memory and writes the same block
// of B, 16 x 16 work-items taking 2 x 2 elements each. The loop bounds clip
// the last blocks to the matrix with ppcg_min, here in
// a GNU statement expression that evaluates each operand once, the form a polyhedral compiler's C output uses.
// The blocks of two groups never meet: c2 and c3 stay below 32. The bound
// must be read through the macro; taken as unknown, the loops would run
// past the block and into the next group's.
// RUN-CONFIG: --local-size=16,16
// expected-no-diagnostics
#define ppcg_min(x,y)    ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })

__kernel void kernel0(__global const float *A, __global float *B, int n)
{
    int b0 = get_group_id(1), b1 = get_group_id(0);
    int t0 = get_local_id(1), t1 = get_local_id(0);
    __local float shared_A[32][48];   // rows padded: no bank conflict with 16 x 16
    int c0 = 32 * b0, c1 = 32 * b1;

    for (int c2 = t0; c2 <= ppcg_min(31, n - c0 - 1); c2 += 16)
        for (int c3 = t1; c3 <= ppcg_min(31, n - c1 - 1); c3 += 16)
            shared_A[c2][c3] = A[(c0 + c2) * n + (c1 + c3)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (n >= t0 + c0 + 1 && n >= t1 + c1 + 1)
        for (int c2 = 0; c2 <= ppcg_min(16, n - t0 - c0 - 1); c2 += 16)
            for (int c3 = 0; c3 <= ppcg_min(16, n - t1 - c1 - 1); c3 += 16)
                B[(t0 + c0 + c2) * n + (t1 + c1 + c3)] = 2.0f * shared_A[t0 + c2][t1 + c3];
}
