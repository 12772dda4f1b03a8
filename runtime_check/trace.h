/*
 * trace.h - the executed address trace of a kernel's __local accesses, and
 * the bank-conflict degrees observed in it.
 *
 * clsynclint's `--dump=local-accesses` lists each __local access of the
 * kernel (its source range) with the bank model and the degree it predicts
 * for the first sub-group's request.  An instrumented copy of the kernel
 * then records, for every execution of each access by a work-item of
 * work-group 0, the site, the work-item's linear local id and the address.
 * Grouping the records into requests (one sub-group, the same site, the
 * same occurrence) and applying the same bank model gives the observed
 * degree, which either matches the prediction or does not.
 */
#ifndef RC_TRACE_H
#define RC_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "findings.h"
#include "manifest.h"
#include "run.h"

#define TR_CAPACITY 262144   /* records kept; more are counted, not stored */

struct tr_site {
	int bline, bcol, eline, ecol;  /* the accessed lvalue; end one past it */
	char kind[4];                  /* r, w, rw, with a trailing a for atomics */
	unsigned bytes;
	int predicted;                 /* the analyzer's degree, -1 when unknown */
	int traced;                    /* in the kernel's own text: instrumented */
	char *func, *object;
	/* observed */
	unsigned first;                /* degree of group 0's first request (sub-group 0,
					* first execution); 0: never ran */
	unsigned worst, nreq;          /* the largest degree, over nreq requests */
};

struct tr_plan {
	unsigned banks, width, subgroup, phase;
	char *kernel;                  /* the launched kernel */
	int pline, pcol;               /* after its last parameter; 0: none */
	struct tr_site *sites;
	unsigned n, cap;
};

/* Run the analyzer's dump for section mk (its first local size) and keep the
 * accesses of `kernel`.  0, or -1 with a one-line reason. */
int tr_plan_load(struct tr_plan *p, const struct fnd_analyzer *a, const struct man_kernel *mk,
		 const char *kernel, char *err, size_t errlen);

/* Parse dump text (exposed for the unit tests). */
int tr_plan_parse(struct tr_plan *p, const char *text, const char *kernel, char *err,
		  size_t errlen);

/* The instrumented source: two parameters added to the kernel (the record
 * buffer, TR_CAPACITY * 3 uints, and its counter), each traced site
 * wrapped.  NULL with a reason when the kernel cannot be instrumented. */
char *tr_instrument(const struct tr_plan *p, const char *source, char *err, size_t errlen);

/* Fill the sites' observed degrees from n records (site, lid, address). */
void tr_observe(struct tr_plan *p, const uint32_t *rec, size_t n);

/* The degree of one request, as clsynclint's model computes it: `addr` and
 * `active` per lane of one sub-group of n lanes, each touching `bytes`. */
unsigned tr_request_degree(const struct tr_plan *p, const uint32_t *addr, const int *active,
			   unsigned n, unsigned bytes);

void tr_plan_free(struct tr_plan *p);

/* One kernel traced on one backend. */
struct tr_result {
	char *key;
	struct tr_plan plan;
	int ok;                        /* it ran and the sites have observed degrees */
	char *why;                     /* otherwise, why not */
	unsigned long long total;      /* records made (more than TR_CAPACITY: some lost) */
};

/* Trace section mk's kernel on `be` (cached per backend and section): the
 * analyzer's dump, the instrumented copy, one launch at its first local
 * size. */
const struct tr_result *tr_run(struct run_ctx *rc, const struct be_backend *be,
			       const struct man_kernel *mk, const struct fnd_analyzer *a);
void tr_free_all(struct run_ctx *rc);

#endif
