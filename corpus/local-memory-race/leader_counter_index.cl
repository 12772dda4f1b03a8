// One work-item fills a table through a private counter (ord[d++]) while
// the others read it with no barrier between: a race whatever the counter's
// value. The index is not known before the kernel runs (it grows with the
// data), so it is an unknown element of ord; a write by one work-item that
// the others read in the same interval always meets them.
// Fixed in leader_counter_index_fixed.cl (a barrier after the fill).
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel void select_positive(__global const int *in, __global int *out)
{
    __local int ord[64];
    int lid = get_local_id(0);
    if (lid == 0) {
        int d = 1;
        ord[0] = 0;
        for (int i = 0; i < 63; i++)
            if (in[get_group_id(0) * 64 + i] > 0)
                ord[d++] = i; // expected-note {{the other access}}
    }
    out[get_global_id(0)] = ord[3]; // expected-error {{local-memory race on ord[3]}}
}
