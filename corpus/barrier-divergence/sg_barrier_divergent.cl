// `sub_group_barrier` under a condition that differs within a sub-group.
//
// Each sub-group stages its values in its own slice of local memory; the
// first four lanes of every sub-group then sum every fourth entry of the
// slice. The four summing lanes wait for the slice at a sub-group barrier
// inside their branch, so the other lanes of the same sub-group never
// execute it. A sub-group barrier is the same contract as a work-group
// barrier one level down: every work-item of the sub-group reaches it, or
// none. Fixed in sg_barrier_divergent_fixed.cl: the sub-group barrier comes
// before the branch. Sub-group functions need cl_khr_subgroups (or the
// OpenCL 3.0 sub-group feature), which PoCL and Oclgrind lack: this file is
// not in the manifest.
// RUN-CONFIG: --local-size=64
__kernel void lane_sums(__global const float *in, __global float *out,
                        __local float *stage)
{
    uint ssz = get_max_sub_group_size();
    uint slid = get_sub_group_local_id();
    __local float *mine = stage + get_sub_group_id() * ssz;

    mine[slid] = in[get_global_id(0)];
    float s = 0.0f;
    if (slid < 4) { // #cond
        sub_group_barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{sub-group barrier reached under control flow that diverges within a sub-group}}
        for (uint j = slid; j < get_sub_group_size(); j += 4)
            s += mine[j];
    }
    out[get_global_id(0)] = s;
}
// expected-note@#cond {{branch condition depends on 'slid', which depends on get_sub_group_local_id()}}
