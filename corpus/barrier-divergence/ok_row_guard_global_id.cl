// A horizontal filter pass, one image row per work-group (the host
// launches local = (64, 1)): the row y = get_global_id(1) is the same for
// the whole group, so the early return of the rows past the image's end
// is taken by all of a group's work-items or by none: the barrier is
// reached by every work-item of a group or by none. The kernel tells work-items
// apart along dimension 1 only by a global id and asks for its local id
// and size along dimension 0 only: it is written for groups one wide
// along dimension 1, and the divergence is asked in a group of that shape
// (as races are). It was reported as a barrier under divergent control.
// expected-no-diagnostics
__kernel void hpass(__global const float *in, __global float *out, __local float *buf,
                    int width, int height)
{
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int x = get_global_id(0);
    int y = get_global_id(1);
    if (y >= height)
        return;
    buf[lid] = in[y * width + min(x, width - 1)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (x < width)
        out[y * width + x] = 0.5f * (buf[lid] + buf[(lid + 1) % lsz]);
}
