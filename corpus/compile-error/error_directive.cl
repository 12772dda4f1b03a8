// A kernel that refuses to compile without its build option: the #error
// line fires when TILE is not defined, as the author meant. Zero
// configuration assumes nothing for a file whose #error fired, and TILE,
// which the #ifndef line tests, is not assumed anyway: the preprocessor
// took it as undefined. The file stays a compile error (exit 2), with a
// note that says why TILE was left alone.
// expected-note@1 {{'TILE' is not assumed: the preprocessor tests it (line 9)}}
// expected-error@+2 {{TILE must be defined by the build}}
#ifndef TILE
#error "TILE must be defined by the build (-D TILE=...)"
#endif
__kernel void scale_tiles(__global float *a, float s)
{
    __local float t[TILE]; // expected-error {{use of undeclared identifier 'TILE'}}
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[l] * s;
}
