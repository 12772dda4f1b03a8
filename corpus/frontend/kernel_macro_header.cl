// A kernel whose `__kernel` is spelled through a macro from an included header.
//
// Vendor headers wrap the keywords: vendor_macros.h says `#define KFQ
// __kernel`, and the kernel is written `KFQ void ...`. clang makes it a kernel
// all the same, and so must clsynclint: were the function taken for a helper
// that nobody calls, nothing in it would be checked and the file would pass.
// The barrier inside `if (lid < n)` is reached only by the work-items below n.
// Fixed in kernel_macro_header_fixed.cl.
// RUN-CONFIG: --local-size=64
#include "vendor_macros.h"

KFQ void scale_rows(__global float *a, __local float *row, int n)
{
    int lid = get_local_id(0);
    row[lid] = a[get_global_id(0)];
    if (lid < n) // #cond
        barrier(CLK_LOCAL_MEM_FENCE); // expected-error {{barrier reached under divergent control flow}}
    a[get_global_id(0)] = row[lid] * 2.0f;
}
// expected-note@#cond {{branch condition depends on 'lid'}}
