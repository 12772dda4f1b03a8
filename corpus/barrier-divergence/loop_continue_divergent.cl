// A divergent `continue` that skips the barriers of a loop iteration.
//
// For every time step, each work-item multiplies its sample by its right
// neighbour's and accumulates the product. A sample below the noise floor
// publishes 0 and skips the rest of the step with `continue` -- and with it
// both barriers of that iteration, so the rest of the group waits at
// barriers that only some of its work-items execute. Fixed in
// loop_continue_divergent_fixed.cl: a quiet sample skips the accumulation,
// not the iteration.
// RUN-CONFIG: --local-size=64
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
        if (s < noise_floor) { // #skip
            tile[lid] = 0.0f; /* publish silence and skip the step */
            continue;
        }
        tile[lid] = s;
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
        acc += s * tile[(lid + 1) % lsz];
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
    }
    acc_out[gid] = acc;
}
// expected-note@#skip 2 {{depends on 's', which depends on}}
