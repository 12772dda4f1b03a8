// One loop variable reused with different uniformity: quiet.
//
// `i` first counts chunks in a uniform loop that holds barriers, then walks
// a divergent, strided range (`i = lid; ...; i += 64`) in a loop without
// barriers, and is finally reset to 0 for a second uniform loop with
// barriers. The analysis is flow-sensitive: what matters is the value `i`
// has in each loop's condition, not that the variable is divergent
// somewhere else in the kernel.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void stage_and_spread(__global const float *in, __global float *acc_out,
                               __global float *spread, __local float *tile,
                               int nchunks, int m)
{
    int gid = get_global_id(0);
    int lid = get_local_id(0);
    int lsz = get_local_size(0);
    int gsz = get_global_size(0);
    float acc = 0.0f;
    int i;

    for (i = 0; i < nchunks; i++) {
        tile[lid] = in[i * gsz + gid];
        barrier(CLK_LOCAL_MEM_FENCE);
        acc += tile[(lid + i) % lsz];
        barrier(CLK_LOCAL_MEM_FENCE);
    }

    for (i = lid; i < m; i += 64)
        spread[get_group_id(0) * m + i] = acc * (float)i;

    for (i = 0; i < 2; i++) {
        tile[lid] = acc;
        barrier(CLK_LOCAL_MEM_FENCE);
        acc = 0.5f * (acc + tile[lsz - 1 - lid]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    acc_out[gid] = acc;
}
