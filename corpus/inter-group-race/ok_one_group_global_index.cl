// A kernel written for a single work-group of 8: it merges the two halves
// of a 16-element block in a __local array it indexes with the *global*
// id, lt[gid] and lt[gid + 8] of lt[16]. A second work-group would overrun
// lt whatever the data, so the launch this kernel allows has one group,
// and there is no other group to race with a[gid + 8]. The number of
// groups was left open, and a second group's a[8] made a false inter-group
// race.
// expected-no-diagnostics
__kernel void min_max_pairs(__global float *a)
{
    uint gid = get_global_id(0);
    __local float lt[16];
    lt[gid] = a[gid];
    lt[gid + 8] = a[gid + 8];
    barrier(CLK_LOCAL_MEM_FENCE);
    float lo = fmin(lt[gid], lt[gid + 8]);
    float hi = fmax(lt[gid], lt[gid + 8]);
    barrier(CLK_LOCAL_MEM_FENCE);
    a[gid] = lo;
    a[gid + 8] = hi;
}
