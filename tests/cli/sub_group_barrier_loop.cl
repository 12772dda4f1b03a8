// Sub-group 0 reduces 16 values in a loop whose every step ends with
// sub_group_barrier(CLK_LOCAL_MEM_FENCE): a step's read of s[lane + off]
// and the next step's store to s[lane] are ordered by it.  (Without the
// barrier, the same loop relies on lockstep: reported.)
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
__kernel void reduce16(__global const float *in, __global float *out, __local float *s)
{
    if (get_sub_group_id() == 0) {
        const uint lane = get_sub_group_local_id();
        s[lane] = in[lane];
        sub_group_barrier(CLK_LOCAL_MEM_FENCE);
        for (uint off = 8; off > 0; off >>= 1) {
            if (lane < off)
                s[lane] += s[lane + off];
            sub_group_barrier(CLK_LOCAL_MEM_FENCE);
        }
        if (lane == 0)
            out[get_group_id(0)] = s[0];
    }
}
