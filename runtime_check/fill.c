/*
 * fill.c - argument types and fill patterns of the manifest.
 */
#include "fill.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct {
	const char *name;
	enum fill_base base;
	size_t size;
} bases[] = {
	{ "char", FILL_CHAR, 1 },   { "uchar", FILL_UCHAR, 1 },
	{ "short", FILL_SHORT, 2 }, { "ushort", FILL_USHORT, 2 },
	{ "int", FILL_INT, 4 },     { "uint", FILL_UINT, 4 },
	{ "long", FILL_LONG, 8 },   { "ulong", FILL_ULONG, 8 },
	{ "float", FILL_FLOAT, 4 }, { "double", FILL_DOUBLE, 8 },
};

size_t fill_base_size(enum fill_base b)
{
	return bases[b].size;
}

int fill_base_is_float(enum fill_base b)
{
	return b == FILL_FLOAT || b == FILL_DOUBLE;
}

/* Parse an OpenCL C type name `s` ("int", "float4", "uchar16") into *t.
 * Returns 0, or -1 when it is not one of the types the manifest knows. */
int fill_type_parse(const char *s, struct fill_type *t)
{
	for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
		size_t n = strlen(bases[i].name);
		if (strncmp(s, bases[i].name, n) != 0)
			continue;
		const char *rest = s + n;
		unsigned width = 1;
		if (*rest) {
			if (!strcmp(rest, "2"))
				width = 2;
			else if (!strcmp(rest, "3"))
				width = 3;
			else if (!strcmp(rest, "4"))
				width = 4;
			else if (!strcmp(rest, "8"))
				width = 8;
			else if (!strcmp(rest, "16"))
				width = 16;
			else
				continue; /* "uint" is not "u" + "int"; try the others */
		}
		t->base = bases[i].base;
		t->width = width;
		t->slots = width == 3 ? 4 : width;
		t->size = t->slots * bases[i].size;
		snprintf(t->name, sizeof t->name, "%s", s);
		return 0;
	}
	return -1;
}

/* Parse a whole decimal or hexadecimal integer; 0 on success. */
static int parse_ll(const char *s, long long *v)
{
	char *end;
	errno = 0;
	if (!*s)
		return -1;
	*v = strtoll(s, &end, 0);
	return errno || *end ? -1 : 0;
}

/* Parse a whole floating-point number; 0 on success. */
static int parse_double(const char *s, double *v)
{
	char *end;
	errno = 0;
	if (!*s)
		return -1;
	*v = strtod(s, &end);
	return errno == ERANGE || *end ? -1 : 0;
}

/* Parse one number for type `t` from `s` into the float or integer field. */
static int parse_number(const char *s, const struct fill_type *t, double *d, long long *i)
{
	if (fill_base_is_float(t->base))
		return parse_double(s, d);
	return parse_ll(s, i);
}

/* Parse a fill pattern `s` for buffers of type `t` into *f.  Returns 0, or -1
 * with a message in `err` ("unknown fill 'rnd'"). */
int fill_spec_parse(const char *s, const struct fill_type *t, struct fill_spec *f,
		    char *err, size_t errlen)
{
	memset(f, 0, sizeof *f);
	const char *kind_int = fill_base_is_float(t->base) ? "a number" : "an integer";
	if (!strcmp(s, "zero")) {
		f->kind = FILL_ZERO;
		return 0;
	}
	if (!strncmp(s, "const:", 6)) {
		f->kind = FILL_CONST;
		if (parse_number(s + 6, t, &f->start, &f->istart) == 0)
			return 0;
		snprintf(err, errlen, "invalid fill '%s': the value must be %s", s, kind_int);
		return -1;
	}
	if (!strcmp(s, "ramp")) {
		f->kind = FILL_RAMP;
		f->step = 1;
		f->istep = 1;
		return 0;
	}
	if (!strncmp(s, "ramp:", 5)) {
		f->kind = FILL_RAMP;
		char start[64], step[64];
		const char *colon = strchr(s + 5, ':');
		size_t n = colon ? (size_t)(colon - (s + 5)) : 0;
		if (colon && n < sizeof start && strlen(colon + 1) < sizeof step) {
			memcpy(start, s + 5, n);
			start[n] = '\0';
			strcpy(step, colon + 1);
			if (parse_number(start, t, &f->start, &f->istart) == 0 &&
			    parse_number(step, t, &f->step, &f->istep) == 0)
				return 0;
		}
		snprintf(err, errlen, "invalid fill '%s': expected ramp:START:STEP with %s START "
			 "and STEP", s, kind_int);
		return -1;
	}
	if (!strncmp(s, "random:", 7)) {
		f->kind = FILL_RANDOM;
		char *end;
		errno = 0;
		if (s[7] >= '0' && s[7] <= '9') {
			f->seed = strtoull(s + 7, &end, 10);
			if (!errno && !*end)
				return 0;
		}
		snprintf(err, errlen, "invalid fill '%s': expected random:SEED with a "
			 "non-negative integer SEED", s);
		return -1;
	}
	snprintf(err, errlen, "unknown fill '%s' (zero, const:V, ramp, ramp:START:STEP, "
		 "random:SEED)", s);
	return -1;
}

/* One step of splitmix64: the generator behind random:SEED, chosen because
 * it is a few integer operations that every machine computes alike. */
unsigned long long fill_splitmix64(unsigned long long *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Store the integer `v` (taken modulo 2^bits) as component `i` of `buf`.
 * Through memcpy: a by-value argument's bytes need not be aligned for its
 * type (UBSan's -fsanitize=alignment stops on the plain stores). */
static void store_int(void *buf, enum fill_base b, size_t i, unsigned long long v)
{
	switch (b) {
	case FILL_CHAR:
	case FILL_UCHAR:
		((uint8_t *)buf)[i] = (uint8_t)v;
		break;
	case FILL_SHORT:
	case FILL_USHORT: {
		uint16_t x = (uint16_t)v;
		memcpy((char *)buf + i * sizeof x, &x, sizeof x);
		break;
	}
	case FILL_INT:
	case FILL_UINT: {
		uint32_t x = (uint32_t)v;
		memcpy((char *)buf + i * sizeof x, &x, sizeof x);
		break;
	}
	default: {
		uint64_t x = (uint64_t)v;
		memcpy((char *)buf + i * sizeof x, &x, sizeof x);
		break;
	}
	}
}

/* Store the floating value `v` as component `i` of `buf` (float or double),
 * through memcpy as store_int does. */
static void store_float(void *buf, enum fill_base b, size_t i, double v)
{
	if (b == FILL_FLOAT) {
		float x = (float)v;
		memcpy((char *)buf + i * sizeof x, &x, sizeof x);
	} else {
		memcpy((char *)buf + i * sizeof v, &v, sizeof v);
	}
}

/* Fill `count` elements of type `t` at `buf` with the pattern `f`: component
 * k of the buffer (slots counted, padding included) gets value k of the
 * pattern.  Integer ramps wrap around modulo the type's width. */
void fill_apply(void *buf, const struct fill_type *t, size_t count,
		const struct fill_spec *f)
{
	size_t n = count * t->slots;
	int fl = fill_base_is_float(t->base);
	unsigned long long state = f->seed;
	if (f->kind == FILL_ZERO) {
		memset(buf, 0, count * t->size);
		return;
	}
	for (size_t k = 0; k < n; k++) {
		switch (f->kind) {
		case FILL_CONST:
			if (fl)
				store_float(buf, t->base, k, f->start);
			else
				store_int(buf, t->base, k, (unsigned long long)f->istart);
			break;
		case FILL_RAMP:
			if (fl)
				store_float(buf, t->base, k, f->start + (double)k * f->step);
			else
				store_int(buf, t->base, k,
					  (unsigned long long)f->istart +
						  (unsigned long long)k * (unsigned long long)f->istep);
			break;
		case FILL_RANDOM: {
			unsigned long long r = fill_splitmix64(&state);
			if (t->base == FILL_FLOAT)
				((float *)buf)[k] = (float)(r >> 40) * 0x1p-24f;
			else if (t->base == FILL_DOUBLE)
				((double *)buf)[k] = (double)(r >> 11) * 0x1p-53;
			else
				store_int(buf, t->base, k, (r >> 32) % 100);
			break;
		}
		case FILL_ZERO:
			break;
		}
	}
}

/* Check that the integer `v` fits the base type `b`. */
static int int_fits(enum fill_base b, long long v)
{
	switch (b) {
	case FILL_CHAR:
		return v >= INT8_MIN && v <= INT8_MAX;
	case FILL_UCHAR:
		return v >= 0 && v <= UINT8_MAX;
	case FILL_SHORT:
		return v >= INT16_MIN && v <= INT16_MAX;
	case FILL_USHORT:
		return v >= 0 && v <= UINT16_MAX;
	case FILL_INT:
		return v >= INT32_MIN && v <= INT32_MAX;
	case FILL_UINT:
		return v >= 0 && v <= (long long)UINT32_MAX;
	case FILL_ULONG:
		return v >= 0;
	default:
		return 1;
	}
}

/* Parse the value of a by-value argument of type `t` into `out` (t->size
 * bytes): one number, or for a vector `width` numbers separated by commas
 * (one number is repeated into every component).  Returns 0 or -1 with a
 * message in `err`. */
int fill_value_parse(const char *s, const struct fill_type *t, void *out,
		     char *err, size_t errlen)
{
	char parts[16][64];
	unsigned n = 0;
	const char *p = s;
	memset(out, 0, t->size);
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t len = comma ? (size_t)(comma - p) : strlen(p);
		if (n == 16 || len >= sizeof parts[0])
			goto bad;
		memcpy(parts[n], p, len);
		parts[n][len] = '\0';
		n++;
		if (!comma)
			break;
		p = comma + 1;
	}
	if (n != 1 && n != t->width) {
		snprintf(err, errlen, "value '%s' has %u components, type %s has %u", s, n,
			 t->name, t->width);
		return -1;
	}
	for (unsigned c = 0; c < t->width; c++) {
		const char *v = parts[n == 1 ? 0 : c];
		double d;
		long long i;
		if (fill_base_is_float(t->base)) {
			if (parse_double(v, &d) != 0)
				goto bad;
			store_float(out, t->base, c, d);
		} else {
			if (parse_ll(v, &i) != 0 || !int_fits(t->base, i))
				goto bad;
			store_int(out, t->base, c, (unsigned long long)i);
		}
	}
	return 0;
bad:
	snprintf(err, errlen, "invalid %s value '%s'", t->name, s);
	return -1;
}

/* Print component `component` of the buffer `buf` of type `t` into `out`. */
void fill_format(const void *buf, const struct fill_type *t, size_t component,
		 char *out, size_t n)
{
	size_t k = component;
	switch (t->base) {
	case FILL_CHAR:
		snprintf(out, n, "%d", ((const int8_t *)buf)[k]);
		break;
	case FILL_UCHAR:
		snprintf(out, n, "%u", ((const uint8_t *)buf)[k]);
		break;
	case FILL_SHORT:
		snprintf(out, n, "%d", ((const int16_t *)buf)[k]);
		break;
	case FILL_USHORT:
		snprintf(out, n, "%u", ((const uint16_t *)buf)[k]);
		break;
	case FILL_INT:
		snprintf(out, n, "%d", ((const int32_t *)buf)[k]);
		break;
	case FILL_UINT:
		snprintf(out, n, "%u", ((const uint32_t *)buf)[k]);
		break;
	case FILL_LONG:
		snprintf(out, n, "%lld", (long long)((const int64_t *)buf)[k]);
		break;
	case FILL_ULONG:
		snprintf(out, n, "%llu", (unsigned long long)((const uint64_t *)buf)[k]);
		break;
	case FILL_FLOAT:
		snprintf(out, n, "%.9g", (double)((const float *)buf)[k]);
		break;
	case FILL_DOUBLE:
		snprintf(out, n, "%.17g", ((const double *)buf)[k]);
		break;
	}
}
