/*
 * fill.h - OpenCL C argument types of the manifest and the data patterns
 * that fill buffers (zero, const:V, ramp, ramp:START:STEP, random:SEED).
 *
 * A vector type is a run of `slots` components per element; a 3-component
 * vector occupies 4 slots, as in OpenCL, and its fourth slot is padding that
 * is filled but never compared.  Every pattern is a function of the component
 * index alone, so a buffer's contents are the same on every machine.
 */
#ifndef RC_FILL_H
#define RC_FILL_H

#include <stddef.h>

enum fill_base {
	FILL_CHAR,
	FILL_UCHAR,
	FILL_SHORT,
	FILL_USHORT,
	FILL_INT,
	FILL_UINT,
	FILL_LONG,
	FILL_ULONG,
	FILL_FLOAT,
	FILL_DOUBLE,
};

struct fill_type {
	enum fill_base base;
	unsigned width;  /* components of one value: 1, 2, 3, 4, 8 or 16 */
	unsigned slots;  /* components stored per element: width, 4 for width 3 */
	size_t size;     /* bytes of one element */
	char name[12];   /* as written: "float4" */
};

enum fill_kind {
	FILL_ZERO,       /* all zero */
	FILL_CONST,      /* every component the same value */
	FILL_RAMP,       /* start, start + step, ... per component */
	FILL_RANDOM,     /* splitmix64(seed): floats in [0,1), integers in [0,100) */
};

struct fill_spec {
	enum fill_kind kind;
	double start, step;          /* const value / ramp, floating types */
	long long istart, istep;     /* const value / ramp, integer types */
	unsigned long long seed;     /* random */
};

int fill_type_parse(const char *s, struct fill_type *t);
size_t fill_base_size(enum fill_base b);
int fill_base_is_float(enum fill_base b);
int fill_spec_parse(const char *s, const struct fill_type *t, struct fill_spec *f,
		    char *err, size_t errlen);
void fill_apply(void *buf, const struct fill_type *t, size_t count,
		const struct fill_spec *f);
int fill_value_parse(const char *s, const struct fill_type *t, void *out,
		     char *err, size_t errlen);
unsigned long long fill_splitmix64(unsigned long long *state);
void fill_format(const void *buf, const struct fill_type *t, size_t component,
		 char *out, size_t n);

#endif
