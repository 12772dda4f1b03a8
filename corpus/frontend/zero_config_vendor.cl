// Zero configuration with a vendor header: the kernel qualifier comes from
// vendor_macros.h (KFQ), the number of inputs each work-group combines from
// the host's build options (-D MLO_N_INPUTS=...), which clsynclint was not
// given.
//
// Work-item l of a group sums MLO_N_INPUTS values of its input row into
// acc[l], then, after the barrier, work-item 0 sums the group's partial
// sums. The loop over the inputs is uniform, whatever MLO_N_INPUTS is, and
// the barrier orders the partial sums before work-item 0 reads them:
// correct, quiet, analyzed for every MLO_N_INPUTS.
// expected-note@1 {{not defined by the build: MLO_N_INPUTS, analyzed as an unknown integer constant}}
#include "vendor_macros.h"

KFQ void combine_inputs(__global const float *in, __global float *out, __local float *acc)
{
    int l = get_local_id(0);
    float sum = 0.0f;
    for (int i = 0; i < MLO_N_INPUTS; i++)
        sum += in[get_global_id(0) * MLO_N_INPUTS + i];
    acc[l] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l == 0) {
        float total = 0.0f;
        for (uint j = 0; j < get_local_size(0); j++)
            total += acc[j];
        out[get_group_id(0)] = total;
    }
}
