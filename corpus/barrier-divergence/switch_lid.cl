// A `switch` on the local id with a barrier in one of its cases.
//
// Alpha premultiplication of RGBA pixels, one work-item per channel. The
// alpha work-item (lid % 4 == 3) publishes its value in local memory; the
// colour work-items wait for it at a barrier in their case and then scale.
// The alpha work-items never execute that barrier, so only three quarters
// of the group reach it. A `switch` on a divergent value is a divergent
// branch like any `if`. Fixed in switch_lid_fixed.cl: the alpha value is
// stored under a condition, the barrier follows for everyone, and the
// scaling comes after it.
// RUN-CONFIG: --local-size=64
__kernel void premultiply(__global const float *rgba, __global float *out,
                          __local float *alpha)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int px = lid / 4;
    float v = rgba[gid];

    switch (lid % 4) { // #sw
    case 3:
        alpha[px] = v;
        out[gid] = v;
        break;
    default:
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        out[gid] = v * alpha[px];
        break;
    }
}
// expected-note@#sw {{switch value depends on 'lid', which depends on get_local_id(0)}}
