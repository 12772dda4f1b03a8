// Zero configuration: a type macro nothing defines.
//
// The element type real_t comes from the host's build options (-D
// real_t=double on devices that have doubles, float elsewhere). Nothing
// defines it here, so clsynclint analyzes the kernel with real_t as float
// and says so. The reduction is missing the barrier between its steps:
// work-item 64 updates s[64] in the step of 128 while work-item 0, already
// in the step of 64, reads it.
// expected-note@1 {{not defined by the build: real_t, analyzed as float}}
__kernel void sum_real(__global const real_t *in, __global real_t *out, __local real_t *s)
{
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int step = get_local_size(0) / 2; step > 0; step >>= 1) {
        if (lid < step)
            // expected-error@+1 {{local-memory race on s[}}
            s[lid] += s[lid + step];
            // expected-note@-1 {{the other access}}
            // expected-note@-2 {{assuming a work-group of 256 work-items}}
    }
    if (lid == 0)
        out[get_group_id(0)] = s[0];
}
