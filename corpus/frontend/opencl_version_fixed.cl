// Fixed twin of opencl_version.cl: a barrier after the copy into s. With
// __OPENCL_VERSION__ defined, as a device compiler defines it, SYNC() is a
// barrier and the reduction is quiet; were it left undefined, SYNC() would
// be empty and every step would race.
// expected-no-diagnostics
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
    s[lid] = in[get_global_id(0)];
    SYNC();
    for (int step = 128; step > 0; step >>= 1) {
        if (lid < step)
            s[lid] += s[lid + step];
        SYNC();
    }
    if (lid == 0)
        out[get_group_id(0)] = s[0];
}
