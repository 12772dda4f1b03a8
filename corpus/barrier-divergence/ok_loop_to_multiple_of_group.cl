// A loop over the data in windows of one work-group: each work-item starts
// at its local id and steps by the group size up to the first multiple of
// the group size past n, with barriers around the window's use. Every
// work-item runs it (n / lsz + 1) times: the barriers are reached by the
// whole group. The loop's bound is a product of an argument's quotient and
// the local size; compared with the counter's own product of the pass and
// the local size, it needed the two products related as rows of one unit
// (the local size), which they were not, and the barriers were reported
// as divergent.
// expected-no-diagnostics
__kernel void windows(__global const float *in, __global float *out, __local float *buf,
                      unsigned int n)
{
    unsigned int lsz = get_local_size(0);
    unsigned int end = (n / lsz + 1) * lsz;
    float acc = 0.0f;
    for (unsigned int i = get_local_id(0); i < end; i += lsz) {
        buf[get_local_id(0)] = i < n ? in[i] : 0.0f;
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += buf[(get_local_id(0) + 1) % lsz];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;
}
