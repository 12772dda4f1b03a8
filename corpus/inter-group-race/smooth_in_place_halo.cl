// In-place 3-point smoothing with a one-element halo: each work-group
// copies its block of img and the neighbours on either side into __local
// memory, then overwrites its block of img. Two bugs. Within a group, the
// barrier between the copy and the stores fences only __local memory
// (barrier-fence). Between groups no barrier can help: group 1 reads
// img[63] into its halo while group 0 overwrites it, and the other way
// round (inter-group race). The second was not reported while the first
// was, as if the pair raced only within a group. Fixed in
// smooth_in_place_halo_fixed.cl by reading from a copy the host passes.
// RUN-CONFIG: --local-size=64
__kernel void smooth(__global float *img, __global const float *copy, int n)
{
    __local float tile[66];
    int l = get_local_id(0);
    int g = get_global_id(0);
    int start = get_group_id(0) * 64;
    for (int i = l; i < 66; i += 64) {
        int src = start + i - 1;
        if (src >= 0 && src < n)
            tile[i] = img[src];
    }
    barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier does not order __global memory}}
    if (g >= 1 && g < n - 1)
        img[g] = (tile[l] + tile[l + 1] + tile[l + 2]) / 3.0f; // expected-error {{inter-group race on img}}
}
