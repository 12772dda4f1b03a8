// Fixed twin of loop_continue_divergent.cl.
//
// Every work-item runs every iteration and executes both barriers. A sample
// below the noise floor is published as 0, so it adds nothing to its left
// neighbour's product, and its own work-item skips the accumulation.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void neighbour_products(__global const float *samples, __global float *acc_out,
                                 __local float *tile, float noise_floor, int nsteps)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int gsz = get_global_size(0);
    float acc = 0.0f;

    for (int t = 0; t < nsteps; t++) {
        float s = samples[t * gsz + gid];
        int quiet = s < noise_floor;
        tile[lid] = quiet ? 0.0f : s;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (!quiet)
            acc += s * tile[(lid + 1) % lsz];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    acc_out[gid] = acc;
}
