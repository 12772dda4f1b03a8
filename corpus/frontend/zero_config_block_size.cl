// Zero configuration: a reduction whose blocks are its work-groups, with
// the block size BLOCK from the host (-D BLOCK=64, the size it launches
// groups of). Each work-item stores its value at buf[lid % BLOCK], and
// work-item 0 adds the block up. With BLOCK equal to the work-group size
// nothing races; a BLOCK smaller than the group sends two work-items to one
// element of buf: the host's configuration disagreeing with itself, a
// coincidence like the others, reported with --report-conditional as a
// warning "when 'BLOCK' != get_local_size(0)" (cli/macro-differs-from-launch).
// It was an error "where BLOCK = 1".
// RUN-CONFIG: --local-size=64
// expected-note@1 {{not defined by the build: BLOCK, analyzed as an unknown integer constant}}
__kernel void block_sums(__global const float *x, __global float *partial)
{
    __local float buf[BLOCK];
    size_t lid = get_local_id(0);
    buf[lid % BLOCK] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        float t = 0.0f;
        for (uint i = 0; i < BLOCK; i++)
            t += buf[i];
        partial[get_group_id(0)] = t;
    }
}
