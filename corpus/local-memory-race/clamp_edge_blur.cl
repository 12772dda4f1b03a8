// A three-tap blur over a tile of 64 samples, with the taps clamped to
// the tile's edges the way image filters handle borders: s[clamp(lid - 1,
// 0, 63)] and s[clamp(lid + 1, 0, 63)]. Each work-item stores its sample
// and reads its neighbours' at once, with no barrier between: work-item 31
// reads s[32] while work-item 32 writes it. The clamp keeps the index in
// the tile, which is why it is there; it does not make the neighbour's
// store happen first. Fixed in clamp_edge_blur_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void blur3(__global const float *in, __global float *out)
{
    __local float s[64];
    int lid = get_local_id(0);
    int gid = get_global_id(0);

    s[lid] = in[gid];
    float left = s[clamp(lid - 1, 0, 63)];  // expected-error {{local-memory race on s}}
    float right = s[clamp(lid + 1, 0, 63)]; // expected-error {{local-memory race on s}}
    out[gid] = 0.25f * left + 0.5f * s[lid] + 0.25f * right;
}
