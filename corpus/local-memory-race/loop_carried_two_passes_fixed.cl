// loop_carried_two_passes.cl, fixed: a second barrier at the end of each
// pass keeps the next pass's store s[lid] away from the neighbour's read
// of the pass before.
// RUN-CONFIG: --local-size=64 --global-size=128
// expected-no-diagnostics
#define NPASS 2
__kernel void passes(__global const float *in, __global float *out)
{
    __local float s[64];
    int lid = get_local_id(0);
    float acc = 0.0f;
    for (int pass = 0; pass < NPASS; pass++) {
        s[lid] = in[(get_group_id(0) * NPASS + pass) * 64 + lid];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += s[lid ^ 1];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    out[get_global_id(0)] = acc;
}
