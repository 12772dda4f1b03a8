// Atomic tickets: every write to a counter adds a positive constant, so
// each call reads an old value of its own.  One work-item wins the ticket
// 0 (elect: free), each appends at its own slot (append, and into
// __local, where the reset to 0 is in an earlier barrier interval: free).
// A counter that is also set while the calls run (reset_race) guarantees
// nothing: the reset races with the increments, and the appends are not
// decided (their element depends on the counter's value).
__kernel void elect(volatile __global int *count, __global int *where)
{
    if (atomic_inc(count) == 0)
        where[0] = get_global_id(0);
}

__kernel void append(__global const int *in, __global int *out,
                     volatile __global int *count, int n)
{
    int gid = get_global_id(0);
    if (gid < n && in[gid] > 0) {
        int pos = atomic_add(count, 1);
        out[pos] = in[gid];
    }
}

__kernel void append_local(__global const int *in, __global int *out)
{
    __local int cnt;
    __local int buf[256];
    int lid = get_local_id(0);
    if (lid == 0)
        cnt = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    int v = in[get_global_id(0)];
    if (v > 0)
        buf[atomic_add(&cnt, 1)] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < cnt)
        out[get_group_id(0) * 256 + lid] = buf[lid];
}

__kernel void reset_race(volatile __global int *count, __global int *out)
{
    if (get_global_id(0) == 5)
        *count = 0;
    out[atomic_inc(count)] = 1;
}
