// OpenCL C kernels in C++ raw string literals, as host programs embed them.
//
// `clsynclint host.cpp` lints each string literal that defines a kernel and
// reports at the host file's lines and columns, with the line numbers in its
// messages taken to the host file too. The expectations below are comments
// of the kernels themselves, so they are in the host file's lines as well.
// What must not confuse the scan: a digit separator (1'000) and a quote in a
// character literal before the kernels, a custom delimiter that lets a kernel
// hold `)"`, and a string that mentions a kernel without being one.
// RUN-CONFIG: --local-size=64
#include <cstdio>

static const long kItems = 1'000'000;
static const char kQuote = '"';

// The barrier is inside a branch on the local id. The custom delimiter CLC
// lets the kernel's printf format hold `)"`.
static const char *reduce_src = R"CLC(
__kernel void reduce(__global const float *in, __global float *out, __local float *s)
{
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    if (lid < 32) // #cond
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
    if (lid == 0)
        printf("sum(%d)", 1);
}
// expected-note@#cond {{depends on get_local_id(0) (line 21)}}
)CLC";

// Its fixed twin, in a raw string with the empty delimiter.
static const char *reduce_fixed_src = R"(
__kernel void reduce_fixed(__global const float *in, __global float *out, __local float *s)
{
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0)
        out[get_group_id(0)] = s[0] + s[63];
}
)";

// A race that the kernel's author chose to live with: the suppression comment
// inside the embedded kernel works as in a .cl file.
static const char *tolerated_src = u8R"K(
__kernel void tolerated(__global float *out, __local float *t)
{
    int lid = get_local_id(0);
    t[lid] = (float)lid;
    // clsynclint: disable-next-line=local-memory-race -- the neighbour's value is a hint
    out[get_global_id(0)] = t[(lid + 1) % 64];
}
)K";

int main(void)
{
    std::printf("kernel launch failed: %s\n", kQuote == '"' ? "yes" : "no");
    return (int)(kItems % 2);
}
