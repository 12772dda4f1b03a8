// Fixed twin of directive_in_for_header.cl: the same loop, its header split
// by the same directives, and a barrier between the store and the read of the
// neighbour's element.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
#define N 16

__kernel void window_sums(__global const float *in, __global float *out,
                          __local float *tile, int strided)
{
    int lid = get_local_id(0);
    float acc = 0.0f;
    for (uint b = 0;
#ifdef USE_STRIDE
         b < N && strided;
#else
         b < N;
#endif
         ++b)
        acc += in[get_global_id(0) * N + b];
    tile[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = tile[(lid + 1) % 64];
}
