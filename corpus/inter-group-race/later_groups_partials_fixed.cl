// The fixed twin of later_groups_partials.cl: the sums of the later blocks
// come from the input, which no work-group writes; part[] is still stored
// for a later launch.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
__kernel void suffix_sums(__global const float *in, __global float *part, __global float *out)
{
    int g = get_group_id(0);
    int n = get_num_groups(0);
    if (get_local_id(0) == 0) {
        float s = 0.0f;
        for (int i = 0; i < 64; i++)
            s += in[g * 64 + i];
        part[g] = s;
        float acc = 0.0f;
        for (int j = g + 1; j < n; j++)
            for (int i = 0; i < 64; i++)
                acc += in[j * 64 + i];
        out[g] = acc;
    }
}
