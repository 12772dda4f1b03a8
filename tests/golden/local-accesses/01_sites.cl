// Which __local accesses --dump=local-accesses lists, with their ranges and
// predicted degrees: array elements (nested, compound, 2-D), a scalar, a
// struct member, a pointer parameter; not vector components or vload.
struct pair { float a, b; };

float from_helper(__local float *p, int i)
{
    return p[i];                         // listed under the kernel, FUNC = from_helper
}

__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void sites(__global float *out, __global const int *idx, __local float *param)
{
    __local float tile[32][32];
    __local int map[64];
    __local int flag;
    __local struct pair pairs[32];
    __local float4 vec[32];
    int lx = get_local_id(0);

    tile[lx][0] = out[lx];               // 32-way: a column
    tile[0][lx] += 1.0f;                 // read-modify-write, one site
    map[lx] = idx[lx];
    if (lx == 0)
        flag = 1;
    pairs[lx].b = 2.0f;                  // 2-way: 8-byte stride
    param[lx * 2] = 0.0f;                // 2-way
    vec[lx].x = 0.0f;                    // a component: not listed
    vstore4((float4)(0.0f), lx, (__local float *)vec); // not listed
    barrier(CLK_LOCAL_MEM_FENCE);
    out[lx] = tile[map[lx]][lx] + from_helper(param, lx) + flag + pairs[lx].b;
}
