// Fixed twin of kernel_macro_header.cl: the same kernel, spelled through the
// header's KFQ macro, with its barrier outside the branch.
// RUN-CONFIG: --local-size=64
// expected-no-diagnostics
#include "vendor_macros.h"

KFQ void scale_rows(__global float *a, __local float *row, int n)
{
    int lid = get_local_id(0);
    row[lid] = a[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < n)
        a[get_global_id(0)] = row[lid] * 2.0f;
}
