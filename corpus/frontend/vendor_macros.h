// Macros as vendor headers define them, for the kernels of this folder: the
// kernel qualifier and the launch attribute spelled through macros, and a
// work-group size that only this header knows.
#ifndef VENDOR_MACROS_H
#define VENDOR_MACROS_H

#define KFQ __kernel
#define WG_X 64
#define KATTR __attribute__((reqd_work_group_size(WG_X, 1, 1)))

#endif
