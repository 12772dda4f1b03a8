// One work-item of each work-group reaches the barrier, the others skip it:
// the work-group hangs or goes on with stale data.  Used by the ergonomics
// tests (SARIF, GitHub, Vim, pre-commit); the comment on line 9 puts a
// two-byte and a four-byte UTF-8 character before the finding's column.
__kernel void stage(__global const float *in, __global float *out, __local float *tmp)
{
    int lid = get_local_id(0);
    tmp[lid] = in[get_global_id(0)];
    /* é 😀 */ if (lid == 0) barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tmp[get_local_size(0) - 1 - lid];
}
