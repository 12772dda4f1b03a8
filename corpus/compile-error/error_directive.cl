// A kernel that refuses to compile without its build option: the #error
// line fires when TILE is neither 16 nor 32, and with TILE not defined
// (0 for the preprocessor) it fires. TILE selects code (the #if and #elif
// lines test its value), so zero configuration does not assume it: a value
// would pick a branch nobody chose. The #error is no check of a name the
// build must define (that is #ifndef TILE / #error, which zero configuration
// answers: corpus/frontend/zero_config_required.cl), so nothing answers it.
// The file stays a compile error (exit 2), with notes that say why TILE was
// left alone and which #error keeps the file from compiling.
// expected-note@1 {{'TILE' is not assumed: the preprocessor tests it (line 13), and took it as undefined; give -D TILE=VALUE; 'TILE' keeps the file from compiling}}
// expected-note@1 {{the #error at line 18 fires, and no assumption answers it}}
#define STEP 1
#if TILE == 16
#define STEP2 2
#elif TILE == 32
#define STEP2 4
#else
#error "TILE must be 16 or 32 (-D TILE=...)" // expected-error {{TILE must be 16 or 32}}
#endif
__kernel void scale_tiles(__global float *a, float s)
{
    __local float t[TILE]; // expected-error {{use of undeclared identifier 'TILE'}}
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[l] * s;
}
