// Each work-group sums its block into part[g], then adds up the partial
// sums of the groups after it, in the same launch. Nothing orders group g's
// reads of part[j] (j > g) after group j's store: groups may run in any
// order, one after another or at once, so a read may see the zero the
// buffer started with. An inter-group race. The loop counter starts at the
// group id: it was once taken for a grid-stride loop stepping by one
// group, which "bounded" the launch to a single group and hid the race.
// Fixed in later_groups_partials_fixed.cl, which reads the input blocks
// themselves (a second kernel launch could read the partials instead).
// RUN-CONFIG: --local-size=64
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
            acc += part[j]; // expected-error {{inter-group race on part}}
        out[g] = acc;
    }
}
