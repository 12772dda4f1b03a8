// Arguments are never given values: a race that needs particular ones says
// when.  A missing bounds guard (error), a coincidence of strides
// (warning), the guarded copy (free for every value).
__kernel void missing_guard(__global float *dst, __global const float *src, int n, int nf)
{
    int gid = get_global_id(0);
    for (int i = 0; i < nf; i++)
        dst[i * n + gid] = src[gid * nf + i];
}

__kernel void guarded(__global float *dst, __global const float *src, int n, int nf)
{
    int gid = get_global_id(0);
    if (gid < n)
        for (int i = 0; i < nf; i++)
            dst[i * n + gid] = src[gid * nf + i];
}

__kernel void strides(__global float *out, int s0, int s1)
{
    out[get_global_id(0) * s0 + get_global_id(1) * s1] = (float)get_global_id(0);
}
