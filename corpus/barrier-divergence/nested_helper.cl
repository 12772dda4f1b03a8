// A call, under a divergent branch, to a helper that executes a barrier only
// through another helper.
//
// `smooth3` averages a value with its tile neighbours; it publishes the value
// through `publish`, which holds the barrier. The kernel smooths only the
// first `valid` lanes of each group (a kernel argument compared with the
// local id), so the others never reach the barrier two calls down. The rule
// follows calls transitively and reports the call in the kernel. Fixed in
// nested_helper_fixed.cl: every lane calls `smooth3`, and the result is
// selected afterwards.
// RUN-CONFIG: --local-size=64
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

    if (get_local_id(0) < valid)
        out[gid] = smooth3(buf, v); // expected-error {{call to 'smooth3', which executes a barrier}}
    else
        out[gid] = v;
}
