// Zero configuration: the decisions about macro constants nothing defines.
// Rows of a tile whose length is a macro stay apart because the subscripts
// stay inside the array (both writes are free); a store SHIFT places up
// races with the load only when SHIFT is smaller than the group (the
// condition names it); a mirror read races for every TILE (no condition,
// and the witness gives TILE a value).
__kernel void tile_rows(__global const float *in)
{
    __local float t[TILE][TILE];
    t[get_local_id(1)][get_local_id(0)] = in[get_global_id(0)];
}

__kernel void shift(__global float *a)
{
    __local float s[1024];
    s[get_local_id(0) + SHIFT] = a[get_global_id(0)];
    a[get_global_id(0)] = s[get_local_id(0)];
}

__kernel void mirror(__global float *a)
{
    __local float m[TILE];
    m[get_local_id(0)] = a[get_global_id(0)];
    a[get_global_id(0)] = m[TILE - 1 - get_local_id(0)];
}
