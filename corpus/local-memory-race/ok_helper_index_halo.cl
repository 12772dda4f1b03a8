// A haloed tile whose flat index a helper computes from the caller's loop
// counter: tile_at(r - 1, c, w) inside `for (r ...)`.
//
// Work-item c fills column c + 1 of 8 rows; work-item 0 also fills the two
// halo columns, 0 and w + 1, of every row, in the same interval. Rows are
// w + 2 wide, so the halo never meets a column (c + 1 lies in [1, w]), and
// after the barrier everyone reads its neighbours. The index is the
// helper's return expression with the caller's arguments substituted, the
// loop counter staying the caller's: the same as written inline. (It was
// opaque, like loaded data, and the halo store was reported as "one
// work-item writes the object at an index not known before the kernel
// runs".)
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
inline int tile_at(int row, int col, int width)
{
    return (row + 1) * (width + 2) + (col + 1);
}

__kernel void column_smooth(__global const float *in, __global float *out,
                            __local float *tile)
{
    int c = get_local_id(0);
    int w = get_local_size(0);
    int g = get_global_id(0), n = get_global_size(0);
    for (int r = 0; r < 8; r++)
        tile[tile_at(r - 1, c, w)] = in[r * n + g];
    if (c == 0)
        for (int r = 0; r < 8; r++) {
            tile[tile_at(r - 1, -1, w)] = 0.0f;
            tile[tile_at(r - 1, w, w)] = 0.0f;
        }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int r = 0; r < 8; r++)
        out[r * n + g] = tile[tile_at(r - 1, c - 1, w)] + tile[tile_at(r - 1, c, w)] +
                         tile[tile_at(r - 1, c + 1, w)];
}
