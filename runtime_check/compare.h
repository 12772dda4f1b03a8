/*
 * compare.h - output buffer comparison: integers exactly, floating-point
 * values within a small relative tolerance (reduction order may change the
 * last bits between work-group sizes or implementations).
 */
#ifndef RC_COMPARE_H
#define RC_COMPARE_H

#include <stddef.h>

#include "fill.h"

struct cmp_opts {
	double rtol;  /* relative tolerance for float and double */
	double atol;  /* absolute tolerance, for values near zero */
};

#define CMP_DEFAULT_RTOL 1e-5
#define CMP_DEFAULT_ATOL 1e-7

struct cmp_diff {
	size_t ndiff;       /* elements with at least one differing component */
	size_t nelem;       /* elements compared */
	size_t first;       /* index of the first differing element */
	unsigned comp;      /* its first differing component */
	char a[40], b[40];  /* that component's two values, printed */
};

int cmp_float_equal(double a, double b, const struct cmp_opts *o);
size_t cmp_buffers(const void *a, const void *b, const struct fill_type *t, size_t count,
		   const struct cmp_opts *o, struct cmp_diff *d);
void cmp_describe(const struct cmp_diff *d, const char *what, const struct fill_type *t,
		  const char *a_name, const char *b_name, char *out, size_t n);

#endif
