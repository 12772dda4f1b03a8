// Fixed twin of reqd_size_macro_header.cl: a barrier between the store and
// the read of the other work-item's element.
// expected-no-diagnostics
#include "vendor_macros.h"

__kernel KATTR void reverse(__global float *a, __local float *rev)
{
    int lid = get_local_id(0);
    rev[lid] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    a[get_global_id(0)] = rev[WG_X - 1 - lid];
}
