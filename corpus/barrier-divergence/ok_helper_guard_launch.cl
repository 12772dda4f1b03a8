// A helper whose barriers sit under `if (lid < TILE)`, called with the local
// id of work-groups of exactly TILE work-items: the condition holds for every
// work-item, so the whole group reaches the barriers. The same test in the
// kernel's own code was already decided for the launch; in a helper it was
// taken for divergent because its parameter is (a false alarm found by
// fuzz/kgen.py against Oclgrind, issue 20). Each call that inlines the
// helper is now decided with its own arguments; with a wider group the
// barriers are divergent and reported (helper_divergent_arg.cl).
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
#define TILE 64

float reversed(__local float *tile, __global const float *src, int lid)
{
    float s = 0.0f;
    if (lid < TILE) {
        tile[lid] = src[lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        s = tile[TILE - 1 - lid];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    return s;
}

__kernel void reverse_tiles(__global const float *in, __global float *out)
{
    __local float tile[TILE];
    int g = get_group_id(0) * TILE;
    out[g + get_local_id(0)] = reversed(tile, in + g, get_local_id(0));
}
