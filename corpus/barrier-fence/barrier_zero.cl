// barrier(0): every work-item waits, but no memory is fenced.
//
// Max over four interleaved channels: a block of 64 samples holds 16
// consecutive samples of each of 4 channels; the work-group stores the block
// in local memory and the first 16 work-items each take the maximum of one
// time step over the four channels. The author wrote barrier(0), reading it as "just wait, no
// special fences". The flags say which memory the barrier makes consistent
// between work-items; with none, the samples stored by the other work-items
// need not be visible after it. Reported at the barrier. Fixed in
// barrier_zero_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void max_pool4(__global const float *in, __global float *out, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    s[lid] = in[gid];
    barrier(0); // expected-error {{does not order __local memory}}

    int q = lsz / 4;
    if (lid < q) {
        float m = fmax(fmax(s[lid], s[lid + q]), fmax(s[lid + 2 * q], s[lid + 3 * q]));
        out[get_group_id(0) * q + lid] = m;
    }
}
