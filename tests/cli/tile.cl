// Uses a build option: compiles only with -D TILE=...
__kernel void tiled(__global float *a)
{
    __local float t[TILE];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[TILE - 1 - l];
}
