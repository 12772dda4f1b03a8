// Zero configuration: the launch of kernels tied to macro constants nothing
// defines (TILE, ROWS, WGX): a stride of groups, a stride of rows through
// TILE + 1, the length of an array every work-item indexes with its local
// id, and reqd_work_group_size, which makes the size the unknown itself,
// or an affine expression of it (WGX / 32: 32 * lsz <= WGX <= 32 * lsz + 31);
// a size computed otherwise (WGX * ROWS / 64) fixes nothing: the launch is open.
__kernel void group_stride(__global float *a)
{
    a[TILE * get_group_id(0) + get_local_id(0)] = 1.0f;
}

__kernel void padded_rows(__global float *a)
{
    __local float s[TILE * (TILE + 1)];
    s[get_local_id(1) * (TILE + 1) + get_local_id(0)] = a[get_global_id(0)];
}

__kernel void by_array(__global float *a)
{
    __local float t[ROWS];
    t[get_local_id(0)] = a[get_global_id(0)];
}

__kernel __attribute__((reqd_work_group_size(WGX, 1, 1))) void fixed(__global float *a)
{
    a[get_global_id(0)] = 0.0f;
}

__kernel __attribute__((reqd_work_group_size(WGX / 32, 1, 1))) void derived(__global float *a)
{
    a[get_global_id(0)] = 0.0f;
}

__kernel __attribute__((reqd_work_group_size(WGX * ROWS / 64, 1, 1))) void product(__global float *a)
{
    a[get_global_id(0)] = 0.0f;
}
