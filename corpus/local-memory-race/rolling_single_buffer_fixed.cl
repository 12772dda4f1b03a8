// The fixed twin of rolling_single_buffer.cl: double buffering with one
// barrier per step. Step k writes buf[k & 1] and reads it after the
// barrier; step k + 1 writes the other buffer, and the next store into
// buf[k & 1] (step k + 2) comes after step k + 1's barrier, which every
// work-item reaches only after its step-k read. One barrier a step is
// enough.
// RUN-CONFIG: --local-size=64 --global-size=256
// expected-no-diagnostics
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void rotate_steps(__global const float *in, __global float *out, int steps)
{
    __local float buf[2][64];
    int lx = get_local_id(0);
    float v = in[get_global_id(0)];
    for (int it = 0; it < steps; it++) {
        int p = it & 1;
        buf[p][lx] = v;
        barrier(CLK_LOCAL_MEM_FENCE);
        v = 0.5f * (v + buf[p][(lx + 1) % 64]);
    }
    out[get_global_id(0)] = v;
}
