// Some names can be assumed and one cannot: zero configuration still
// assumes the others, so that what is left says what keeps the file from
// compiling. VEC selects code (#if VEC != 4) and the kernel uses its value
// too; WGS, the length of the tile, is tested nowhere and is assumed. The
// file stays a compile error with the first parse's errors, and the note
// names VEC as what keeps it from compiling with WGS assumed.
// expected-note@1 {{'VEC' is not assumed: the preprocessor tests it (line 8), and took it as undefined; give -D VEC=VALUE; with WGS assumed, 'VEC' is what keeps the file from compiling}}
#if VEC != 4
#define LOADV(p) (p)[0]
#else
#define LOADV(p) vload4(0, p).x
#endif
__kernel void k(__global const float *in, __global float *out)
{
    __local float t[WGS]; // expected-error {{use of undeclared identifier 'WGS'}}
    int l = get_local_id(0);
    t[l] = LOADV(in + get_global_id(0) * VEC); // expected-error {{use of undeclared identifier 'VEC'}}
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = t[WGS - 1 - l]; // expected-error {{use of undeclared identifier 'WGS'}}
}
