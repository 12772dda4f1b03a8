// A header shared by host and device code, chosen by __OPENCL_VERSION__.
//
// Every OpenCL driver defines __OPENCL_VERSION__ to the device's version
// when it builds a program; clang does not, so a linter that leaves it
// undefined reads such a file as host code: the #ifndef below would include
// a host-only header (a compile error), and SYNC() would expand to nothing
// (a race on every step, none of them real). clsynclint defines it from
// -cl-std (300 for CL3.0, the default), so the device branches are the ones
// analyzed. The real bug: there is no barrier between the copy into s and the
// first step, so work-item 0 reads s[64] while work-item 64 may still be
// writing it.
// Fixed in opencl_version_fixed.cl.
#ifndef __OPENCL_VERSION__
#include <host_only_runtime.h>
#endif
#if __OPENCL_VERSION__ >= CL_VERSION_2_0
#define SYNC() work_group_barrier(CLK_LOCAL_MEM_FENCE)
#elif __OPENCL_VERSION__ >= CL_VERSION_1_0
#define SYNC() barrier(CLK_LOCAL_MEM_FENCE)
#else
#define SYNC()
#endif

__kernel void sum256(__global const float *in, __global float *out, __local float *s)
{
    int lid = get_local_id(0);
    s[lid] = in[get_global_id(0)]; // #copy
    for (int step = 128; step > 0; step >>= 1) {
        if (lid < step)
            s[lid] += s[lid + step]; // expected-error {{local-memory race on s[}}
            // expected-note@-1 {{assuming a work-group of 256 work-items}}
        SYNC();
    }
    if (lid == 0)
        out[get_group_id(0)] = s[0];
}
// expected-note@#copy {{the other access: s[64]}}
