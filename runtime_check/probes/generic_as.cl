// probe: the generic address space (a helper taking an unqualified pointer
// to __local and to __global memory), -cl-std=CL2.0.
static float first_of(const float *p) { return p[0]; }

__kernel void probe(__global const float *in, __global float *out, __local float *s)
{
    size_t l = get_local_id(0);
    s[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = first_of(s) + first_of(in);
}
