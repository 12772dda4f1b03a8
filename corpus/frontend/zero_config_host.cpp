// Zero configuration in a host file: kernels in C++ raw strings whose macro
// constants the host passes to clBuildProgram ("-D WG=256 -D VEC=4") and
// clsynclint is not given.
//
// Each kernel source is analyzed with the names nothing defines as unknown
// integer constants, and the host file gets one note that names them all.
// expected-note@1 {{not defined by the build: WG and VEC, analyzed as unknown integer constants}}
#include <string>

// Clean for every WG: the barrier orders the two halves.
static const char *halves_src = R"CLC(
__kernel void halves(__global const float *in, __global float *out)
{
    __local float s[2 * WG];
    int l = get_local_id(0);
    s[l] = in[get_global_id(0)];
    s[l + WG] = 2.0f * in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = s[WG - 1 - l] + s[2 * WG - 1 - l];
}
)CLC";

// Without the barrier: work-item l reads what work-item VEC - 1 - l wrote,
// for every VEC of two or more.
static const char *lanes_src = R"(
__kernel void lanes(__global float *a)
{
    __local float t[VEC];
    int l = get_local_id(0);
    t[l] = a[get_global_id(0)]; // expected-note {{the other access: t[l]}}
    a[get_global_id(0)] = t[VEC - 1 - l]; // expected-error {{local-memory race on t[VEC - 1 - l] (where VEC = }}
    // expected-note@-1 {{assuming a work-group of}}
}
)";

int main() { return halves_src[0] + lanes_src[0] == 0; }
