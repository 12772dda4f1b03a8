// A barrier inside `if (active[gid])`, a value loaded from global memory at
// the work-item's own index.
//
// Masked smoothing: points whose `active` flag is set are replaced by a
// weighted average with their neighbours in the work-group's tile, the others
// are copied. The flag differs from one work-item to the next, so the barrier
// that waits for the neighbours' tile entries is reached by the active
// work-items only. The group can deadlock on a GPU; on a CPU implementation
// it crashes or reads tile entries not written yet. Fixed in
// if_loaded_value_fixed.cl: everyone executes the barrier before the branch.
// RUN-CONFIG: --local-size=64
__kernel void masked_smooth(__global const float *in, __global const int *active,
                            __global float *out, __local float *tile)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);

    tile[lid] = in[gid];
    if (active[gid]) { // #cond
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        float left = lid > 0 ? tile[lid - 1] : tile[lid];
        float right = lid < lsz - 1 ? tile[lid + 1] : tile[lid];
        out[gid] = 0.25f * left + 0.5f * tile[lid] + 0.25f * right;
    } else {
        out[gid] = in[gid];
    }
}
// expected-note@#cond {{branch condition depends on}}
