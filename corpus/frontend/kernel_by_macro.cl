// Kernels declared through a function-like macro, as some vendor kernel
// libraries write every one of theirs: KERNEL(name)(parameters), with
// KERNEL defined as "__kernel void name". The kernel's name is written in
// the main file, but libclang places the declaration in the macro's
// expansion, and the file was reported as having no kernel (exit 0,
// nothing checked). The race below (every work-item stores the group's
// partial sum into out[0]) must be found.
#define KERNEL(name) __kernel void name

KERNEL(partial_sums)(__global const float *in, __global float *out, __local float *s)
{
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        float sum = 0.0f;
        for (int i = 0; i < (int)get_local_size(0); i++)
            sum += s[i];
        out[0] = sum; // expected-error {{inter-group race on out[0]}}
    }
}
