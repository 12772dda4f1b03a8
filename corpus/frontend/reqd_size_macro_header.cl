// reqd_work_group_size whose value comes from a header's macro.
//
// KATTR, from vendor_macros.h, expands to
// `__attribute__((reqd_work_group_size(WG_X, 1, 1)))` with WG_X 64. The
// work-group size is part of the kernel: the race on `rev` is between
// work-items 0 and 63, each reading the element the other writes. A
// linter reading the attribute's text instead of clang's value would not know
// WG_X and would describe the race in a work-group of a size it assumed,
// with an "assuming a work-group of 256 work-items" note (notes are checked
// here).
// Fixed in reqd_size_macro_header_fixed.cl.
#include "vendor_macros.h"

__kernel KATTR void reverse(__global float *a, __local float *rev)
{
    int lid = get_local_id(0);
    rev[lid] = a[get_global_id(0)]; // expected-note {{the other access: rev[}}
    a[get_global_id(0)] = rev[WG_X - 1 - lid]; // expected-error {{local-memory race on rev[}}
}
