// Two border rules in one stencil: the left neighbour mirrors at the
// tile's start (s[abs(lid - 1)], so work-item 0 reads s[1]) and the right
// one wraps around at its end (select(lid + 1, 0, lid == 63): work-item 63
// reads s[0]). The stores and the reads share one barrier interval:
// work-item 63 reads s[0] while work-item 0 writes it. Fixed in
// mirror_select_wrap_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void ring_diff(__global const int *in, __global int *out)
{
    __local int s[64];
    int lid = get_local_id(0);
    int gid = get_global_id(0);

    s[lid] = in[gid];
    int left = s[abs(lid - 1)];                    // expected-error {{local-memory race on s}}
    int right = s[select(lid + 1, 0, lid == 63)];  // expected-error {{local-memory race on s}}
    out[gid] = right - left;
}
