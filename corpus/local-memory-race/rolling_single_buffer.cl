// An iterated neighbour exchange through one __local buffer with a single
// barrier per step: each work-item stores its value, waits at the barrier,
// and reads its right neighbour's. With one buffer the next step's store
// comes with no barrier after the neighbour's read: work-item 0 may store
// step k + 1's value while work-item 63 still reads step k's from the same
// element. Fixed in rolling_single_buffer_fixed.cl, which alternates two
// buffers: step k + 1 writes the other one, and the barrier of step k + 1
// keeps step k + 2's stores away from step k's reads.
// RUN-CONFIG: --local-size=64 --global-size=256
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void rotate_steps(__global const float *in, __global float *out, int steps)
{
    __local float buf[64];
    int lx = get_local_id(0);
    float v = in[get_global_id(0)];
    for (int it = 0; it < steps; it++) {
        buf[lx] = v; // expected-error {{local-memory race on buf}}
        barrier(CLK_LOCAL_MEM_FENCE);
        v = 0.5f * (v + buf[(lx + 1) % 64]);
    }
    out[get_global_id(0)] = v;
}
