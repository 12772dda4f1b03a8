// `if (lid == 0) s[0] = x;` followed by a read of s[0] by every work-item,
// with no barrier between.
//
// Each work-group subtracts its row's baseline from the samples of the row.
// Work-item 0 loads the baseline once and shares it through local memory;
// the other work-items read s[0] right away. Work-item 5 can read s[0]
// before work-item 0 has stored it and subtract whatever was there.
// Reported at the read (it executes after the store on the connecting
// path), with a note at the store; this is one of the two files of the
// folder whose notes are checked. Fixed in leader_store_no_barrier_fixed.cl.
// RUN-CONFIG: --local-size=64
__kernel void subtract_baseline(__global const float *samples,
                                __global const float *baselines,
                                __global float *out, __local float *s)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);

    if (lid == 0)
        s[0] = baselines[get_group_id(0)]; // expected-note {{the other access}}

    out[gid] = samples[gid] - s[0]; // expected-error {{local-memory race on s[0]}}
}
