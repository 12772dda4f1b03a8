// Fixed twin of switch_lid.cl.
//
// The alpha work-item stores its value under a divergent condition that
// holds no barrier; the barrier follows, executed by the whole group; after
// it every colour channel reads its pixel's alpha.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void premultiply(__global const float *rgba, __global float *out,
                          __local float *alpha)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int px = lid / 4;
    float v = rgba[gid];

    if (lid % 4 == 3)
        alpha[px] = v;
    barrier(CLK_LOCAL_MEM_FENCE);

    switch (lid % 4) {
    case 3:
        out[gid] = v;
        break;
    default:
        out[gid] = v * alpha[px];
        break;
    }
}
