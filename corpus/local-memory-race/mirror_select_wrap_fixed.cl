// The fixed twin of mirror_select_wrap.cl: a barrier after the stores.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void ring_diff(__global const int *in, __global int *out)
{
    __local int s[64];
    int lid = get_local_id(0);
    int gid = get_global_id(0);

    s[lid] = in[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    int left = s[abs(lid - 1)];
    int right = s[select(lid + 1, 0, lid == 63)];
    out[gid] = right - left;
}
