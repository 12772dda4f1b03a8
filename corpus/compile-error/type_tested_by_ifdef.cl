// A type name that #ifdef tests: assuming it would change what the
// preprocessor selects (#ifdef real_t took it as undefined, and the build
// that defines it takes the other branch), so zero configuration leaves it
// undefined. The file stays a compile error, and the note says that real_t
// is what keeps it from compiling; TILE, which nothing tests, was assumed.
// (A type that only #if expressions test is assumed: in #if a type name is
// 0 like an undefined one; frontend/zero_config_type_in_if.cl.)
// expected-note@1 {{'real_t' is not assumed: the preprocessor tests it (line 10), and took it as undefined; give -D real_t=VALUE; with TILE assumed, 'real_t' is what keeps the file from compiling}}
#define HAVE_REAL 0
#ifdef real_t
#undef HAVE_REAL
#define HAVE_REAL 1
#endif
__kernel void scale(__global real_t *a) // expected-error {{unknown type name 'real_t'}}
{
    __local float t[TILE]; // expected-error {{use of undeclared identifier 'TILE'}}
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)] * HAVE_REAL;
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[l];
}
