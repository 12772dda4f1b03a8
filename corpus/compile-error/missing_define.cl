// A kernel that takes its tile size from the build options (-D TILE=16), as
// many kernel repositories do, linted without them and with zero
// configuration turned off (--no-assume-macros, for repositories that
// configure every macro): TILE is undeclared, the file does not compile as
// OpenCL C, and nothing in it is analyzed (exit 2). The fix is to tell
// clsynclint the options the host passes to clBuildProgram
// (missing_define_fixed.cl, or a .clsynclint file). By default clsynclint
// would analyze it with TILE as an unknown constant (corpus/frontend/
// zero_config_*.cl).
// RUN-CONFIG: --no-assume-macros
__kernel void scale_tiles(__global float *a, float s)
{
    __local float t[TILE]; // expected-error {{use of undeclared identifier 'TILE'}}
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = t[l] * s;
}
