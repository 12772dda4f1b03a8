// Zero configuration: a type name that only #if expressions test.
//
// `#if real_t == double` compares what real_t expands to; in #if every
// identifier left after expansion is 0, so with -D real_t=float, with
// -D real_t=double and with real_t not defined at all the line reads
// 0 == 0: the preprocessor selects the same lines whatever type the build
// gives. Zero configuration may therefore assume real_t (as float) without
// changing what the preprocessor selects. (A test of whether it is
// defined, #ifdef real_t, would change: compile-error/type_tested_by_ifdef.cl.)
// The kernel sums neighbours in __local memory with no barrier: a race.
// expected-note@1 {{not defined by the build: real_t, analyzed as float}}
#if real_t == double
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

__kernel void neighbours(__global real_t *a)
{
    __local real_t t[64];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)]; // expected-note {{the other access: t[0]}}
    // expected-error@+1 {{local-memory race on t[0]: work-item 0 writes it (line 20) while work-item 63 reads it (line 22)}}
    a[get_global_id(0)] = t[(l + 1) % 64];
    // expected-note@-1 {{assuming a work-group of 64 work-items}}
}
