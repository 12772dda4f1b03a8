// Two symbolic work-items of one group: a neighbour read with no barrier
// races (witness: work-item 0 reads what work-item 1 writes); the same read
// after a barrier is free; a read of one's own element is free.
__kernel void k(__global float *out, __local float *s)
{
    int lid = get_local_id(0);
    s[lid] = (float)lid;
    out[get_global_id(0)] = s[lid + 1];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] += s[lid] + s[lid ^ 1];
}
