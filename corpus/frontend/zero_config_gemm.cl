// Zero configuration: a tiled matrix product whose tile size comes from the
// host's build options (-D TS=...), linted without them.
//
// Nothing defines TS, so clsynclint analyzes it as an unknown integer
// constant, for every value, and says so in a note about the file; the
// work-group is TS x TS work-items (reqd_work_group_size), whatever TS is.
// Each work-group stages a TS x TS tile of A and of B in __local memory: every
// work-item writes its own element (its subscripts stay below TS, as they
// must for the array), a barrier, the partial products, a barrier before
// the next step overwrites the tiles. Each element of C has one writer.
// Correct, and quiet for every TS.
// expected-note@1 {{not defined by the build: TS, analyzed as an unknown integer constant}}

// The host launches one work-item per element of C (M rows, N columns).
// clsynclint: assume N >= get_global_size(0) && M >= get_global_size(1)
__kernel __attribute__((reqd_work_group_size(TS, TS, 1)))
void sgemm_tiles(int M, int N, int K, __global const float *A, __global const float *B,
                 __global float *C)
{
    __local float tileA[TS][TS];
    __local float tileB[TS][TS];
    int tx = get_local_id(0), ty = get_local_id(1);
    int col = get_group_id(0) * TS + tx;
    int row = get_group_id(1) * TS + ty;
    float sum = 0.0f;
    for (int k0 = 0; k0 < K; k0 += TS) {
        tileA[ty][tx] = A[row * K + k0 + tx];
        tileB[ty][tx] = B[(k0 + ty) * N + col];
        barrier(CLK_LOCAL_MEM_FENCE);
        for (int k = 0; k < TS; k++)
            sum += tileA[ty][k] * tileB[k][tx];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    C[row * N + col] = sum;
}
