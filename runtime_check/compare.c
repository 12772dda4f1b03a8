/*
 * compare.c - output buffer comparison.
 */
#include "compare.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Equality of two floating-point results: within max(atol, rtol * max|x|);
 * two NaNs are equal (the same kernel giving NaN twice is deterministic),
 * infinities only to themselves. */
int cmp_float_equal(double a, double b, const struct cmp_opts *o)
{
	if (isnan(a) || isnan(b))
		return isnan(a) && isnan(b);
	if (isinf(a) || isinf(b))
		return a == b;
	double diff = fabs(a - b);
	double scale = fmax(fabs(a), fabs(b));
	return diff <= o->atol || diff <= o->rtol * scale;
}

/* Compare component k of two buffers of base type `b`; nonzero when equal. */
static int comp_equal(const void *x, const void *y, enum fill_base b, size_t k,
		      const struct cmp_opts *o)
{
	size_t sz = fill_base_size(b);
	if (b == FILL_FLOAT)
		return cmp_float_equal(((const float *)x)[k], ((const float *)y)[k], o);
	if (b == FILL_DOUBLE)
		return cmp_float_equal(((const double *)x)[k], ((const double *)y)[k], o);
	return memcmp((const char *)x + k * sz, (const char *)y + k * sz, sz) == 0;
}

/* Compare `count` elements of type `t` at `a` and `b` (padding slots of
 * 3-component vectors skipped).  Fills *d and returns the number of
 * differing elements. */
size_t cmp_buffers(const void *a, const void *b, const struct fill_type *t, size_t count,
		   const struct cmp_opts *o, struct cmp_diff *d)
{
	memset(d, 0, sizeof *d);
	d->nelem = count;
	for (size_t e = 0; e < count; e++) {
		int differs = 0;
		for (unsigned c = 0; c < t->width; c++) {
			size_t k = e * t->slots + c;
			if (comp_equal(a, b, t->base, k, o))
				continue;
			if (d->ndiff == 0 && !differs) {
				d->first = e;
				d->comp = c;
				fill_format(a, t, k, d->a, sizeof d->a);
				fill_format(b, t, k, d->b, sizeof d->b);
			}
			differs = 1;
		}
		d->ndiff += (size_t)differs;
	}
	return d->ndiff;
}

/* Describe the difference *d of the buffer named `what` in one line, e.g.
 * "out[3] = 0.5 against 0.75 in the reference; 17 of 256 elements differ". */
void cmp_describe(const struct cmp_diff *d, const char *what, const struct fill_type *t,
		  const char *a_name, const char *b_name, char *out, size_t n)
{
	static const char comps[] = "xyzw";
	char sub[8] = "";
	if (t->width > 1) {
		if (t->width <= 4)
			snprintf(sub, sizeof sub, ".%c", comps[d->comp]);
		else
			snprintf(sub, sizeof sub, ".s%x", d->comp);
	}
	snprintf(out, n, "%s[%zu]%s = %s%s%s against %s%s%s; %zu of %zu elements differ", what,
		 d->first, sub, d->a, *a_name ? " " : "", a_name, d->b, *b_name ? " " : "", b_name,
		 d->ndiff, d->nelem);
}
