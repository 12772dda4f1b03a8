// Fixed twin of nested_helper.cl.
//
// Every lane calls `smooth3` (and through it `publish`), so every lane
// executes both barriers; the lanes past `valid` discard the result.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
void publish(__local float *buf, float v)
{
    buf[get_local_id(0)] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
}

float smooth3(__local float *buf, float v)
{
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    publish(buf, v);
    float left = lid > 0 ? buf[lid - 1] : v;
    float right = lid < lsz - 1 ? buf[lid + 1] : v;
    barrier(CLK_LOCAL_MEM_FENCE);
    return (left + v + right) / 3.0f;
}

__kernel void smooth_prefix(__global const float *in, __global float *out,
                            __local float *buf, int valid)
{
    int gid = get_global_id(0);
    float v = in[gid];
    float s = smooth3(buf, v);

    out[gid] = get_local_id(0) < valid ? s : v;
}
