// A 2-D kernel that keeps its coordinates in int2 vectors, as image
// kernels do, and reads its right neighbour's tile element with no barrier
// after the tile is written.
//
// Work-item (x, y) writes tile[y][x]; work-item (x - 1, y) reads it as its
// right neighbour in the same step. The indices are components of vector
// literals, l = (int2)(get_local_id(0), get_local_id(1)); they were once
// taken for values loaded from memory, so the race was not decided at all
// (found by fuzz/kgen.py, issue 20). Fixed in int2_coords_no_barrier_fixed.cl.
// RUN-CONFIG: --local-size=16,16 --global-size=32,32
__kernel void right_diff(__global const float *in, __global float *out)
{
    __local float tile[16][16];
    int2 l = (int2)(get_local_id(0), get_local_id(1));
    int2 g = (int2)(get_global_id(0), get_global_id(1));
    int w = get_global_size(0);
    tile[l.y][l.x] = in[g.y * w + g.x]; // expected-note {{the other access}}
    float right = tile[l.y][(l.x + 1) & 15]; // expected-error {{local-memory race on tile}}
    out[g.y * w + g.x] = right - tile[l.y][l.x];
}
