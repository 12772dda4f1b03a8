R"(
// Fixed twin of raw_string_file.cl: a barrier between the stores into the
// partial sums and work-item 0's reads. The file is still one raw string.
// expected-no-diagnostics
__kernel void block_sum(__global const float *in, __global float *out,
                        __local float *part)
{
    int lid = get_local_id(0);
    part[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        float s = 0.0f;
        for (int i = 0; i < get_local_size(0); i++)
            s += part[i];
        out[get_group_id(0)] = s;
    }
}
)"
