// The fixed twin of tree_levels_no_barrier.cl: a barrier after each level
// (one work-group; the global fence orders the buffer's elements).
// expected-no-diagnostics
__kernel void up_sweep_all(__global int *b, uint n)
{
    uint k = get_local_id(0);
    for (uint offset = 1; offset < n; offset *= 2) {
        uint stride = 2 * offset;
        if ((k + 1) % stride == 0)
            b[k] += b[k - offset];
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
}
