// zero_config_reverse.cl with the barrier: quiet for every TILE.
// expected-note@1 {{not defined by the build: TILE, analyzed as an unknown integer constant}}
__kernel void reverse_tile(__global float *a)
{
    __local float t[TILE];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[TILE - 1 - l];
}
