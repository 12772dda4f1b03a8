// Two findings: a race a barrier fixes (a safe fix-it) and a divergent
// barrier nothing can fix mechanically; --fix leaves the second.
__kernel void two(__global float *out)
{
    __local float s[64];
    int l = get_local_id(0);
    s[l] = l;
    out[l] = s[63 - l];
    if (l < 32)
        barrier(CLK_LOCAL_MEM_FENCE);
}
