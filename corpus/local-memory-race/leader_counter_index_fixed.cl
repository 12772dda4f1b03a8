// Fixed twin of leader_counter_index.cl: a barrier between the fill and the
// reads. (ord[3] is still unset when fewer than three samples are positive;
// the data of the manifest has enough.)
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel void select_positive(__global const int *in, __global int *out)
{
    __local int ord[64];
    int lid = get_local_id(0);
    if (lid == 0) {
        int d = 1;
        ord[0] = 0;
        for (int i = 0; i < 63; i++)
            if (in[get_group_id(0) * 64 + i] > 0)
                ord[d++] = i;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = ord[3];
}
