// The diagonal step of a blocked LU factorization: one work-group of BS
// work-items loads a BS x BS block into a __local tile, row by row, then
// eliminates column after column, with a barrier after each half-step.
// Nothing declares the work-group size: the host launches BS work-items.
// The kernel says so through its tile: tile[r * BS + c] for r < BS stays
// inside the BS * BS array only when c < BS, so clsynclint analyzes BS
// work-items (the most that keep every access in bounds) instead of its
// default 256, and with BS work-items the rows written in the loading loop
// never overlap.  The factorized block goes back to m.
//
// It is also meant to run as a single work-group: it never asks for its
// group or global id, so every group would do the same work on the same
// block, and inter-group-race does not look at it (see
// corpus/inter-group-race/ok_single_group_scan.cl).
//
// The column walk tile[c * BS + k] is a real bank conflict (a stride of BS
// words), reported as a warning with the assumed size in a note.
// expected-warning@#col {{8-way bank conflict on tile[c * 16 + k]}}
#define BS 16

// The matrix is at least one block wide.
// clsynclint: assume dim >= BS

__kernel void lu_diagonal(__global float *m, int dim, int offset)
{
    __local float tile[BS * BS];
    int c = get_local_id(0);
    int base = offset * dim + offset;

    for (int r = 0; r < BS; r++)
        tile[r * BS + c] = m[base + r * dim + c];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int k = 0; k < BS - 1; k++) {
        if (c > k) {
            for (int j = 0; j < k; j++)
                tile[c * BS + k] -= tile[c * BS + j] * tile[j * BS + k];
            tile[c * BS + k] /= tile[k * BS + k]; // #col
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (c > k) {
            for (int j = 0; j < k + 1; j++)
                tile[(k + 1) * BS + c] -= tile[(k + 1) * BS + j] * tile[j * BS + c];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (int r = 1; r < BS; r++)
        m[base + r * dim + c] = tile[r * BS + c];
}
