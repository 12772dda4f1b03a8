// The fixed twin of last_writer_small_group.cl: one work-item, the last
// one, stores its id.
// RUN-CONFIG: --local-size=16
// expected-no-diagnostics
__kernel void last_writer(__global int *out)
{
    __local int who;
    if (get_local_id(0) == get_local_size(0) - 1)
        who = get_local_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = who;
}
