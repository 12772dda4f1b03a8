// The fixed twin of inplace_smooth.cl: every work-item first reads the three
// samples it needs into registers, then the whole work-group waits at a
// barrier(CLK_GLOBAL_MEM_FENCE), and only then does anyone overwrite its
// element. Within one work-group a barrier with the global fence orders
// __global memory: every read before it happens before every store after
// it. It is enough here because the neighbour reads never leave the group's
// own block; a barrier would do nothing for another work-group's elements.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void smooth_blocks(__global float *a)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int last = get_local_size(0) - 1;

    float c = a[gid];
    float l = c;
    float r = c;
    if (lid > 0)
        l = a[gid - 1];
    if (lid < last)
        r = a[gid + 1];

    barrier(CLK_GLOBAL_MEM_FENCE);
    a[gid] = 0.25f * l + 0.5f * c + 0.25f * r;
}
