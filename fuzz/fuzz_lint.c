/*
 * fuzz_lint.c - libFuzzer target: the whole pipeline on one input.
 *
 * Every input goes through parsing, lowering, every analysis, every rule
 * and every formatter.  A custom mutator adds structure-aware changes that
 * random bytes rarely make: deleting or duplicating a barrier, moving one
 * under `if (get_local_id(0) == 0)`, swapping work-item functions, shifting
 * an index, wrapping a statement in a loop.  The same bytes then go through
 * the host-code scanner, as C/C++ and as Python (cheap unless a literal holds
 * a kernel).  Build and run: docs/fuzzing.md.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cls.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max, unsigned seed);

static FILE *devnull;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct cls_options o;
	static int ready;
	if (!ready) {
		cls_options_init(&o);
		o.budget_seconds = 10;
		devnull = fopen("/dev/null", "w");
		ready = 1;
	}
	if (size > 1 << 20)
		return 0;
	struct cls_result r;
	cls_lint(&o, "fuzz.cl", (const char *)data, size, &r);
	for (int f = 0; f <= CLS_FMT_JSON && devnull; f++) {
		struct cls_output out;
		memset(&out, 0, sizeof out);
		out.format = (enum cls_format)f;
		out.out = devnull;
		cls_output_begin(&out);
		cls_output_file(&out, &o, &r);
		cls_output_end(&out);
	}
	cls_result_free(&r);
	cls_lint_host(&o, CLS_HOST_C, "fuzz.cpp", (const char *)data, size, &r);
	cls_result_free(&r);
	cls_lint_host(&o, CLS_HOST_PYTHON, "fuzz.py", (const char *)data, size, &r);
	cls_result_free(&r);
	return 0;
}

/* The start of line number `nth` (mod the line count) in data. */
static size_t line_start(const uint8_t *data, size_t size, unsigned nth, size_t *len)
{
	unsigned lines = 1;
	for (size_t i = 0; i < size; i++)
		lines += data[i] == '\n';
	nth %= lines;
	size_t p = 0;
	for (unsigned l = 0; l < nth && p < size; p++)
		if (data[p] == '\n')
			l++;
	size_t e = p;
	while (e < size && data[e] != '\n')
		e++;
	*len = e - p;
	return p;
}

/* Replace [at, at+n) by the text rep; returns the new size (0 if it does not fit). */
static size_t splice(uint8_t *data, size_t size, size_t max, size_t at, size_t n, const char *rep)
{
	size_t r = strlen(rep);
	if (size - n + r > max)
		return 0;
	memmove(data + at + r, data + at + n, size - at - n);
	memcpy(data + at, rep, r);
	return size - n + r;
}

static const uint8_t *find(const uint8_t *data, size_t size, const char *what, size_t from)
{
	size_t w = strlen(what);
	for (size_t i = from; i + w <= size; i++)
		if (!memcmp(data + i, what, w))
			return data + i;
	return NULL;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max, unsigned seed)
{
	srand(seed);
	size_t len, at, n = 0;
	const uint8_t *p;
	switch (rand() % 8) {
	case 0: /* delete a line holding a barrier */
		if ((p = find(data, size, "barrier", (size_t)rand() % (size + 1))) ||
		    (p = find(data, size, "barrier", 0))) {
			size_t s = (size_t)(p - data);
			while (s > 0 && data[s - 1] != '\n')
				s--;
			size_t e = (size_t)(p - data);
			while (e < size && data[e] != '\n')
				e++;
			n = splice(data, size, max, s, e - s, "");
		}
		break;
	case 1: /* duplicate a barrier under a divergent condition */
		if ((p = find(data, size, "barrier(", 0)))
			n = splice(data, size, max, (size_t)(p - data), 0,
				   "if (get_local_id(0) == 0) barrier(CLK_LOCAL_MEM_FENCE); ");
		break;
	case 2: /* swap work-item functions */
		if ((p = find(data, size, "get_local_id", (size_t)rand() % (size + 1))))
			n = splice(data, size, max, (size_t)(p - data), 12, "get_global_id");
		else if ((p = find(data, size, "get_global_id", 0)))
			n = splice(data, size, max, (size_t)(p - data), 13, "get_local_id");
		break;
	case 3: /* shift an index */
		if ((p = find(data, size, "[", (size_t)rand() % (size + 1))))
			n = splice(data, size, max, (size_t)(p - data) + 1, 0, "1 + ");
		break;
	case 4: /* wrap a line in a loop */
		at = line_start(data, size, (unsigned)rand(), &len);
		n = splice(data, size, max, at, 0, "for (int q_ = 0; q_ < 4; q_++) ");
		break;
	case 5: /* turn a barrier's flags into a global fence */
		if ((p = find(data, size, "CLK_LOCAL_MEM_FENCE", 0)))
			n = splice(data, size, max, (size_t)(p - data), 19, "CLK_GLOBAL_MEM_FENCE");
		break;
	case 6: /* an early return */
		if ((p = find(data, size, "{", (size_t)rand() % (size + 1))))
			n = splice(data, size, max, (size_t)(p - data) + 1, 0,
				   " if (get_global_id(0) > 7) return; ");
		break;
	default:
		break;
	}
	return n ? n : LLVMFuzzerMutate(data, size, max);
}
