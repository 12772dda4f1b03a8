// An unrolled reduction tail without volatile: five races in one sub-group.
//
// The maximum per work-group: the tree loop keeps its barriers down to 64
// elements, then work-items 0..31 do the last six steps with no barrier,
// and, unlike the classic version, without volatile either. Two
// assumptions, both unfounded in OpenCL: that the 32 work-items run in
// lockstep (they do not on CPU implementations, on 16-wide or 8-wide
// sub-groups, or on GPUs with independent thread scheduling), and that the
// compiler re-reads m[] after every step (nothing tells it that other
// work-items write it, so it may keep m[lid] in a register). Every step
// from the second on reads an element that another work-item of the tail
// has just updated: a local-memory race each, reported with a note that
// the work-items are all in one sub-group (lockstep hardware may hide the
// races; nothing promises it). With volatile the same tail is the
// warp-synchronous idiom of subgroup-lockstep (volatile_tail.cl there).
// Fixed in unrolled_max_tail_fixed.cl, where the barriers go all the way
// down.
// RUN-CONFIG: --local-size=64
__kernel void block_max(__global const float *x, __global float *maxima, __local float *m)
{
    int lid = get_local_id(0);

    m[lid] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (int step = get_local_size(0) / 2; step > 32; step /= 2) {
        if (lid < step)
            m[lid] = fmax(m[lid], m[lid + step]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    if (lid < 32) {
        m[lid] = fmax(m[lid], m[lid + 32]);
        m[lid] = fmax(m[lid], m[lid + 16]); // expected-error {{local-memory race on m[16]}}
        m[lid] = fmax(m[lid], m[lid + 8]); // expected-error {{local-memory race on m[8]}}
        m[lid] = fmax(m[lid], m[lid + 4]); // expected-error {{local-memory race on m[4]}}
        m[lid] = fmax(m[lid], m[lid + 2]); // expected-error {{local-memory race on m[2]}}
        m[lid] = fmax(m[lid], m[lid + 1]); // expected-error {{local-memory race on m[1]}}
    }

    if (lid == 0)
        maxima[get_group_id(0)] = m[0];
}
