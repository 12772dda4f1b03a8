// hidden_race_fixed.cl - harness test: the fixed twin of hidden_race.cl.
__kernel void left_sum(__global const int *in, __global int *out,
                       __local int *s)
{
    size_t lid = get_local_id(0);
    size_t gid = get_global_id(0);

    s[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = s[lid] + (lid > 0 ? s[lid - 1] : 0);
}
